// The seeded accounts, printed at start and listed in the README.
import { WORKING_PASSWORD } from './org.ts'

export const SEEDED_LOGINS: { account: string; password: string; role: string }[] = [
  {
    account: 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'admin',
    role: 'administrator (超级管理员)',
  },
  {
    account: 'warehouse',
    password: WORKING_PASSWORD,
    role: 'warehouse (仓库管理员): stock counts, product list',
  },
  {
    account: 'outreach',
    password: WORKING_PASSWORD,
    role: 'outreach (达人外联): KOL outreach and quotations',
  },
  {
    account: 'finance',
    password: WORKING_PASSWORD,
    role: 'finance (财务): finance, reconciliation, order and gift reports',
  },
  {
    account: 'office',
    password: WORKING_PASSWORD,
    role: 'office (办公室运营): desk, notices, products, orders, TK orders, fee options',
  },
]
