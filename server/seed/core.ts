// Tenant 000000, the saber client, the administrator role and the admin user.
import type { Kysely } from 'kysely'
import { hashPassword } from '../auth/password.ts'
import type { ServerConfig } from '../core/config.ts'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, POST_CEO, ROLE_ADMINISTRATOR, TENANT_ID } from './ids.ts'

export async function seedCore(
  db: Kysely<DB>,
  config: Pick<ServerConfig, 'adminPassword'>,
): Promise<void> {
  const t = now()
  const audit = {
    createUser: ADMIN_USER_ID,
    createDept: DEPT_COMPANY,
    createTime: t,
    updateUser: ADMIN_USER_ID,
    updateTime: t,
  }
  if (
    !(await db
      .selectFrom('bladeTenant')
      .select('id')
      .where('tenantId', '=', TENANT_ID)
      .executeTakeFirst())
  ) {
    await db
      .insertInto('bladeTenant')
      .values({
        id: '1123598820738675201',
        tenantId: TENANT_ID,
        tenantName: '管理组',
        domain: null,
        backgroundUrl: null,
        linkman: 'admin',
        contactNumber: '666666',
        address: '管理组',
        expireTime: null,
        packageId: null,
        datasourceId: null,
        licenseKey: null,
        ...audit,
      })
      .execute()
  }
  if (
    !(await db
      .selectFrom('bladeClient')
      .select('id')
      .where('clientId', '=', 'saber')
      .executeTakeFirst())
  ) {
    await db
      .insertInto('bladeClient')
      .values({
        id: '1123598811738675202',
        clientId: 'saber',
        clientSecret: 'saber_secret',
        resourceIds: null,
        scope: 'all',
        authorizedGrantTypes:
          'password,captcha,refresh_token,sms_code,register,social,authorization_code',
        webServerRedirectUri: 'http://localhost:8080',
        authorities: null,
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        additionalInformation: null,
        autoapprove: null,
        ...audit,
      })
      .execute()
  }
  if (
    !(await db
      .selectFrom('bladeRole')
      .select('id')
      .where('id', '=', ROLE_ADMINISTRATOR)
      .executeTakeFirst())
  ) {
    await db
      .insertInto('bladeRole')
      .values({
        id: ROLE_ADMINISTRATOR,
        tenantId: TENANT_ID,
        parentId: '0',
        roleName: '超级管理员',
        sort: 1,
        roleAlias: 'administrator',
      })
      .execute()
  }
  if (
    !(await db
      .selectFrom('bladeDept')
      .select('id')
      .where('id', '=', DEPT_COMPANY)
      .executeTakeFirst())
  ) {
    await db
      .insertInto('bladeDept')
      .values({
        id: DEPT_COMPANY,
        tenantId: TENANT_ID,
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: '越南电商',
        fullName: '越南电商有限公司',
        sort: 1,
        remark: null,
      })
      .execute()
  }
  if (
    !(await db.selectFrom('bladePost').select('id').where('id', '=', POST_CEO).executeTakeFirst())
  ) {
    await db
      .insertInto('bladePost')
      .values({
        id: POST_CEO,
        tenantId: TENANT_ID,
        category: 1,
        postCode: 'ceo',
        postName: '首席执行官',
        sort: 1,
        remark: null,
        ...audit,
      })
      .execute()
  }
  if (
    !(await db
      .selectFrom('bladeUser')
      .select('id')
      .where('id', '=', ADMIN_USER_ID)
      .executeTakeFirst())
  ) {
    await db
      .insertInto('bladeUser')
      .values({
        id: ADMIN_USER_ID,
        tenantId: TENANT_ID,
        code: 'admin',
        account: 'admin',
        password: await hashPassword(config.adminPassword),
        name: '管理员',
        realName: '管理员',
        avatar: null,
        email: 'admin@example.com',
        phone: '09000000001',
        birthday: null,
        sex: 1,
        roleId: ROLE_ADMINISTRATOR,
        deptId: DEPT_COMPANY,
        postId: POST_CEO,
        ...audit,
      })
      .execute()
  }
}
