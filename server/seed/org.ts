// The working organisation of tenant 000000: departments under the company, posts, one role per
// line of work and one user per role (password 123456). Rows are keyed by fixed ids and natural
// keys (post code, role alias, account), so an existing row is never duplicated or overwritten.
import type { Kysely } from 'kysely'
import { hashPassword } from '../auth/password.ts'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import * as ids from './ids.ts'

const { TENANT_ID, DEPT_COMPANY, ADMIN_USER_ID } = ids

const DEPTS = [
  { id: ids.DEPT_WAREHOUSE, deptName: '仓库部', fullName: '越南电商仓库部', remark: 'Warehouse' },
  { id: ids.DEPT_OUTREACH, deptName: '外联部', fullName: '越南电商外联部', remark: 'Outreach' },
  { id: ids.DEPT_FINANCE, deptName: '财务部', fullName: '越南电商财务部', remark: 'Finance' },
  { id: ids.DEPT_OFFICE, deptName: '办公室', fullName: '越南电商办公室', remark: 'Office' },
]

const POSTS = [
  {
    id: ids.POST_WAREHOUSE_MANAGER,
    category: 2,
    postCode: 'wh_manager',
    postName: '仓库主管',
    remark: 'Warehouse manager',
  },
  {
    id: ids.POST_WAREHOUSE_KEEPER,
    category: 3,
    postCode: 'wh_keeper',
    postName: '仓管员',
    remark: 'Warehouse keeper',
  },
  {
    id: ids.POST_KOL_OPERATOR,
    category: 3,
    postCode: 'kol_ops',
    postName: '达人运营',
    remark: 'KOL operator',
  },
  {
    id: ids.POST_ACCOUNTANT,
    category: 3,
    postCode: 'accountant',
    postName: '会计',
    remark: 'Accountant',
  },
  {
    id: ids.POST_ADMIN_STAFF,
    category: 3,
    postCode: 'admin_staff',
    postName: '行政专员',
    remark: 'Administrative staff',
  },
]

const WORKING_ROLES = [
  { id: ids.ROLE_WAREHOUSE, roleName: '仓库管理员', roleAlias: 'warehouse' },
  { id: ids.ROLE_OUTREACH, roleName: '达人外联', roleAlias: 'outreach' },
  { id: ids.ROLE_FINANCE, roleName: '财务', roleAlias: 'finance' },
  { id: ids.ROLE_OFFICE, roleName: '办公室运营', roleAlias: 'office' },
]

const WORKING_USERS = [
  {
    id: ids.USER_WAREHOUSE,
    account: 'warehouse',
    name: '阿雄',
    realName: 'Nguyễn Văn Hùng',
    sex: 1,
    phone: '09031234501',
    roleId: ids.ROLE_WAREHOUSE,
    deptId: ids.DEPT_WAREHOUSE,
    postId: ids.POST_WAREHOUSE_MANAGER,
  },
  {
    id: ids.USER_OUTREACH,
    account: 'outreach',
    name: '阿梅',
    realName: 'Trần Thị Mai',
    sex: 2,
    phone: '09031234502',
    roleId: ids.ROLE_OUTREACH,
    deptId: ids.DEPT_OUTREACH,
    postId: ids.POST_KOL_OPERATOR,
  },
  {
    id: ids.USER_FINANCE,
    account: 'finance',
    name: '丽华',
    realName: '陈丽华',
    sex: 2,
    phone: '09031234503',
    roleId: ids.ROLE_FINANCE,
    deptId: ids.DEPT_FINANCE,
    postId: ids.POST_ACCOUNTANT,
  },
  {
    id: ids.USER_OFFICE,
    account: 'office',
    name: '阿花',
    realName: 'Lê Thị Hoa',
    sex: 2,
    phone: '09031234504',
    roleId: ids.ROLE_OFFICE,
    deptId: ids.DEPT_OFFICE,
    postId: ids.POST_ADMIN_STAFF,
  },
]

export const WORKING_PASSWORD = '123456'

/** Seeds depts, posts, roles and users; answers the aliases of the roles created by this call. */
export async function seedOrg(db: Kysely<DB>): Promise<Set<string>> {
  const t = now()
  const audit = {
    createUser: ADMIN_USER_ID,
    createDept: DEPT_COMPANY,
    createTime: t,
    updateUser: ADMIN_USER_ID,
    updateTime: t,
  }

  const depts = new Set((await db.selectFrom('bladeDept').select('id').execute()).map((r) => r.id))
  for (const [i, d] of DEPTS.entries()) {
    if (depts.has(d.id)) continue
    await db
      .insertInto('bladeDept')
      .values({
        ...d,
        tenantId: TENANT_ID,
        parentId: DEPT_COMPANY,
        ancestors: `0,${DEPT_COMPANY}`,
        deptCategory: 2,
        sort: i + 1,
      })
      .execute()
  }

  const posts = await db
    .selectFrom('bladePost')
    .select(['id', 'postCode'])
    .where('tenantId', '=', TENANT_ID)
    .execute()
  for (const [i, p] of POSTS.entries()) {
    if (posts.some((r) => r.id === p.id || r.postCode === p.postCode)) continue
    await db
      .insertInto('bladePost')
      .values({ ...p, tenantId: TENANT_ID, sort: i + 2, ...audit })
      .execute()
  }

  const created = new Set<string>()
  const roles = await db
    .selectFrom('bladeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', TENANT_ID)
    .execute()
  for (const [i, r] of WORKING_ROLES.entries()) {
    if (roles.some((x) => x.id === r.id || x.roleAlias === r.roleAlias)) continue
    await db
      .insertInto('bladeRole')
      .values({ ...r, tenantId: TENANT_ID, parentId: '0', sort: i + 2 })
      .execute()
    created.add(r.roleAlias)
  }

  const users = await db
    .selectFrom('bladeUser')
    .select(['id', 'account'])
    .where('tenantId', '=', TENANT_ID)
    .execute()
  for (const u of WORKING_USERS) {
    if (users.some((x) => x.id === u.id || x.account === u.account)) continue
    const password = await hashPassword(WORKING_PASSWORD)
    await db
      .insertInto('bladeUser')
      .values({
        ...u,
        tenantId: TENANT_ID,
        code: u.account,
        password,
        avatar: null,
        email: `${u.account}@example.com`,
        birthday: null,
        ...audit,
      })
      .execute()
  }
  return created
}
