// Tenants (BladeX /blade-system/tenant): generic list/detail/remove plus creation with its
// provisioning, select, account-number and expiry settings, data source and package settings,
// recycle (its users can no longer log in) and pass (restore). Only the platform administrator
// writes; a tenant's own admin sees only their tenant.
import type { Transaction } from 'kysely'
import { tenant } from '../../../src/domain/system/tenant.ts'
import { button, PLATFORM, USER } from '../../core/access.ts'
import { isAdministrator, caller } from '../../auth/context.ts'
import { checkAndRaiseVersions, versionParam, versionsParam } from '../../crud/action-versions.ts'
import { crudRoutes, idsParam } from '../../crud/engine.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done, forbidden, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, requireParam, type Module } from '../../core/routes.ts'
import { newTenantId, provisionTenant, tenantMenuIds } from './provision.ts'

const PLATFORM_TENANT = '000000'
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/

export const tenantModule: Module = (ctx) => {
  const db = ctx.db
  const restrict = (user: Parameters<typeof isAdministrator>[0]) =>
    isAdministrator(user) ? null : { tenant_id: user.tenantId }
  const notPlatform = (ids: string[], rows: { tenantId: string }[]) => {
    if (rows.some((r) => r.tenantId === PLATFORM_TENANT)) throw badRequest('管理组租户不可操作')
    if (rows.length !== ids.length) throw badRequest('租户不存在或已被删除')
  }
  /**
   * Inside a binding's transaction (data source, package), keyed by tenant code: refuses a missing
   * tenant, or (409) one changed since the caller read it at `version`, then raises its version.
   */
  const tenantAtVersion = async (
    trx: Transaction<DB>,
    tenantId: string,
    version: string | undefined,
  ) => {
    const row = await trx
      .selectFrom('bladeTenant')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (!row) throw badRequest('租户不存在或已被删除')
    const id = String(row.id)
    await checkAndRaiseVersions(trx, {
      def: tenant,
      ids: [id],
      read: versionParam(id, version),
      lock: ctx.dialect === 'postgres',
    })
  }
  const tenantsByIds = async (ids: string[]) =>
    await db
      .selectFrom('bladeTenant')
      .select(['id', 'tenantId'])
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute()

  const generic = crudRoutes(tenant, ctx, {
    routes: ['list', 'page', 'detail', 'submit', 'export'],
    restrict,
    beforeWrite: async ({ user, values, existing, trx }) => {
      if (!isAdministrator(user)) throw forbidden()
      if (!existing) values.tenant_id = await newTenantId(trx)
      const name = values.tenant_name ?? existing?.tenantName
      const dup = await trx
        .selectFrom('blade_tenant')
        .select('id')
        .where('tenant_name', '=', name)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
      if (dup && dup.id !== existing?.id) throw badRequest('当前租户名称已存在!')
    },
    afterWrite: async ({ trx, row, existing, user }) => {
      if (!existing)
        await provisionTenant(trx, String(row.tenantId), String(row.tenantName), null, user)
    },
  })

  return [
    ...generic,
    {
      method: 'GET',
      url: '/blade-system/tenant-package/select',
      access: USER,
      handler: async () =>
        ok(
          await db
            .selectFrom('bladeTenantPackage')
            .select(['id', 'packageName'])
            .where('isDeleted', '=', 0)
            .orderBy('packageName')
            .execute(),
        ),
    },
    {
      method: 'POST',
      url: '/blade-system/tenant/remove',
      access: PLATFORM,
      handler: async (req) => {
        const ids = idsParam(params(req).ids)
        notPlatform(ids, await tenantsByIds(ids))
        await db
          .updateTable('bladeTenant')
          .set({ isDeleted: 1, updateUser: caller(req).userId, updateTime: now() })
          .where('id', 'in', ids)
          .execute()
        return done()
      },
    },
    {
      method: 'GET',
      url: '/blade-system/tenant/select',
      access: USER,
      handler: async (req) => {
        const user = caller(req)
        let q = db
          .selectFrom('bladeTenant')
          .select(['id', 'tenantId', 'tenantName'])
          .where('isDeleted', '=', 0)
          .orderBy('tenantId')
        if (!isAdministrator(user)) q = q.where('tenantId', '=', user.tenantId)
        return ok(await q.execute())
      },
    },
    {
      method: 'POST',
      url: '/blade-system/tenant/setting',
      sample: {
        query: { ids: '1', accountNumber: '10', expireTime: '2030-01-01 00:00:00', versions: '1' },
      },
      access: PLATFORM,
      handler: async (req) => {
        const p = params(req)
        const ids = idsParam(p.ids)
        const accountNumber =
          p.accountNumber === undefined || p.accountNumber === '' ? -1 : Number(p.accountNumber)
        if (!Number.isInteger(accountNumber) || accountNumber < -1)
          throw badRequest('账号额度必须是整数，-1 表示不限')
        const expireTime = p.expireTime ? p.expireTime : null
        if (expireTime && !DATETIME.test(expireTime))
          throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss')
        const read = versionsParam(p.ids, p.versions, 'ids')
        const rows = await tenantsByIds(ids)
        if (rows.length !== ids.length) throw badRequest('租户不存在或已被删除')
        await ctx.db.transaction().execute(async (trx) => {
          await checkAndRaiseVersions(trx, {
            def: tenant,
            ids,
            read,
            lock: ctx.dialect === 'postgres',
          })
          await trx
            .updateTable('bladeTenant')
            .set({
              accountNumber,
              expireTime:
                expireTime && expireTime.length === 10 ? `${expireTime} 23:59:59` : expireTime,
              updateTime: now(),
            })
            .where('id', 'in', ids)
            .execute()
        })
        return done()
      },
    },
    {
      method: 'POST',
      url: '/blade-system/tenant/datasource',
      sample: { query: { tenantId: '100001', datasourceId: '1', version: '1' } },
      access: PLATFORM,
      handler: async (req) => {
        const p = params(req)
        const tenantId = requireParam(p, 'tenantId')
        const datasourceId = p.datasourceId ?? ''
        if (datasourceId && !isId(datasourceId)) throw badRequest('请求参数格式错误: datasourceId')
        if (
          datasourceId &&
          !(await db
            .selectFrom('bladeDatasource')
            .select('id')
            .where('id', '=', datasourceId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst())
        )
          throw badRequest('数据源不存在')
        await ctx.db.transaction().execute(async (trx) => {
          await tenantAtVersion(trx, tenantId, p.version)
          await trx
            .updateTable('bladeTenant')
            .set({ datasourceId: datasourceId || null, updateTime: now() })
            .where('tenantId', '=', tenantId)
            .where('isDeleted', '=', 0)
            .execute()
        })
        return done()
      },
    },
    {
      method: 'GET',
      url: '/blade-system/tenant/package-detail',
      access: button('tenant'),
      handler: async (req) => {
        const tenantId = requireParam(params(req), 'tenantId')
        const row = await db
          .selectFrom('bladeTenant as t')
          .innerJoin('bladeTenantPackage as p', 'p.id', 't.packageId')
          .selectAll('p')
          .where('t.tenantId', '=', tenantId)
          .where('p.isDeleted', '=', 0)
          .executeTakeFirst()
        return ok(row ?? {})
      },
    },
    {
      method: 'POST',
      url: '/blade-system/tenant/package-setting',
      sample: { query: { tenantId: '100001', packageId: '1', version: '1' } },
      access: PLATFORM,
      handler: async (req) => {
        const p = params(req)
        const tenantId = requireParam(p, 'tenantId')
        if (tenantId === PLATFORM_TENANT) throw badRequest('管理组租户不可操作')
        const packageId = p.packageId ?? ''
        if (packageId && !isId(packageId)) throw badRequest('请求参数格式错误: packageId')
        await ctx.db.transaction().execute(async (trx) => {
          if (
            packageId &&
            !(await trx
              .selectFrom('bladeTenantPackage')
              .select('id')
              .where('id', '=', packageId)
              .where('isDeleted', '=', 0)
              .executeTakeFirst())
          )
            throw badRequest('产品包不存在')
          await tenantAtVersion(trx, tenantId, p.version)
          await trx
            .updateTable('bladeTenant')
            .set({ packageId: packageId || null, updateTime: now() })
            .where('tenantId', '=', tenantId)
            .where('isDeleted', '=', 0)
            .execute()
          // The package bounds what the tenant's roles may hold: grants outside it are withdrawn.
          const allowed = new Set(await tenantMenuIds(trx, packageId || null))
          const roles = (
            await trx
              .selectFrom('bladeRole')
              .select('id')
              .where('tenantId', '=', tenantId)
              .execute()
          ).map((r) => r.id)
          if (roles.length === 0) return
          const grants = await trx
            .selectFrom('bladeRoleMenu')
            .select(['id', 'menuId'])
            .where('roleId', 'in', roles)
            .execute()
          const outside = grants.filter((g) => !allowed.has(g.menuId)).map((g) => g.id)
          if (outside.length)
            await trx.deleteFrom('bladeRoleMenu').where('id', 'in', outside).execute()
        })
        return done()
      },
    },
    ...(['recycle', 'pass'] as const).map((action) => ({
      method: 'POST' as const,
      url: `/blade-system/tenant/${action}`,
      sample: { query: { ids: '1', versions: '1' } },
      access: PLATFORM,
      handler: async (req: Parameters<typeof caller>[0]) => {
        const p = params(req)
        const ids = idsParam(p.ids)
        const read = versionsParam(p.ids, p.versions, 'ids')
        notPlatform(ids, await tenantsByIds(ids))
        await ctx.db.transaction().execute(async (trx) => {
          await checkAndRaiseVersions(trx, {
            def: tenant,
            ids,
            read,
            lock: ctx.dialect === 'postgres',
          })
          await trx
            .updateTable('bladeTenant')
            .set({
              status: action === 'recycle' ? 2 : 1,
              updateUser: caller(req).userId,
              updateTime: now(),
            })
            .where('id', 'in', ids)
            .execute()
        })
        return done()
      },
    })),
  ]
}
