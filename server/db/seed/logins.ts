// The seeded accounts, printed at start and listed in the README.
export const SEEDED_LOGINS: { account: string; password: string; role: string }[] = [
  { account: 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin', role: 'administrator (超级管理员)' },
]
