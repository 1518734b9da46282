// Fixed ids of seeded rows, so that seeding is idempotent and tests can name them.
export const TENANT_ID = '000000'
export const ADMIN_USER_ID = '1123598821738675201'
export const ROLE_ADMINISTRATOR = '1123598816738675201'
export const DEPT_COMPANY = '1123598813738675201'
export const POST_CEO = '1123598817738675201'
