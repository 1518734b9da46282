// Actions that write by ids only, over real HTTP: with the versions the caller read, a row changed
// since is refused with 409 (the current rows in data, nothing written) and the right versions write
// and raise the version; a versions list of another length is a 400; without versions they write as
// Blade's do (and still raise the version, so a caller who read before is caught).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountFailKey } from '../../auth/lockout.ts'
import { EMBEDDED_JOB_SERVER_ID } from '../../../src/domain/job/job-server.ts'
import { ROLE_FINANCE, ROLE_OFFICE, ROLE_WAREHOUSE } from '../../seed/ids.ts'
import { nextId } from '../../core/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { addUser } from '../../../tests/support/auth.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

type Table =
  'blade_user' | 'blade_role' | 'blade_top_menu' | 'blade_tenant' | 'blade_oss' | 'blade_job_info'

interface Action {
  name: string
  table: Table
  /** Rows to act on, made fresh for each case. */
  rows: () => Promise<string[]>
  /** Sends the action on the rows, with `versions` when given. */
  send: (ids: string[], versions?: string[]) => ReturnType<AdminHarness['post']>
  /** What the action writes, read back (to tell whether it wrote). */
  state: (ids: string[]) => Promise<unknown>
  /** One `id` and its `version` rather than lists. */
  single?: boolean
}

forEachDatabase('versioned id-only actions', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  const versionsOf = async (table: Table, ids: string[]) => {
    const rows = await h.s.db
      .selectFrom(table as 'bladeUser')
      .select(['id', 'version'])
      .where('id', 'in', ids)
      .execute()
    return ids.map((id) => Number(rows.find((r) => r.id === id)!.version))
  }
  /** Another write came between the caller's read and its action. */
  const changeBehind = async (table: Table, id: string) => {
    await h.s.db
      .updateTable(table as 'bladeUser')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute()
  }
  let seq = 0
  const users = async () => [
    await addUser(h.s, { account: `va-${++seq}`, password: 'pw-1', roleId: ROLE_WAREHOUSE }),
    await addUser(h.s, { account: `va-${++seq}`, password: 'pw-1', roleId: ROLE_WAREHOUSE }),
  ]
  const userRows = (ids: string[]) =>
    h.s.db
      .selectFrom('bladeUser')
      .select(['id', 'roleId', 'password', 'account'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  const jobEnabled = async (id: string) =>
    Number((await h.get('/blade-job/job-info/detail', { id })).body.data.enable)
  const q = (versions?: string[]): Record<string, string> =>
    versions ? { versions: versions.join(',') } : {}
  /** A menu set the row does not hold now: the desk alone, or with notices when it holds the desk alone. */
  const otherMenus = async (
    table: 'bladeRoleMenu' | 'bladeTopMenuSetting',
    column: 'roleId' | 'topMenuId',
    id: string,
  ) => {
    const desk = await h.menuId('desk')
    const held = (
      await h.s.db
        .selectFrom(table as 'bladeRoleMenu')
        .select('menuId')
        .where(column as 'roleId', '=', id)
        .execute()
    ).map((r) => r.menuId)
    return held.length === 1 && held[0] === desk ? [desk, await h.menuId('notice')] : [desk]
  }

  const actions: Action[] = [
    {
      name: 'user/grant',
      table: 'blade_user',
      rows: users,
      send: (ids, v) =>
        h.post('/blade-system/user/grant', {
          query: { userIds: ids.join(','), roleIds: ROLE_FINANCE, ...q(v) },
        }),
      state: async (ids) => (await userRows(ids)).map((u) => u.roleId),
    },
    {
      name: 'user/reset-password',
      table: 'blade_user',
      rows: users,
      send: (ids, v) =>
        h.post('/blade-system/user/reset-password', { query: { userIds: ids.join(','), ...q(v) } }),
      state: async (ids) => (await userRows(ids)).map((u) => u.password),
    },
    {
      name: 'user/unlock',
      table: 'blade_user',
      rows: async () => {
        const ids = await users()
        for (const u of await userRows(ids))
          await h.s.db
            .insertInto('bladeLoginFailure')
            .values({ id: nextId(), failKey: accountFailKey('000000', u.account), failTime: 1 })
            .execute()
        return ids
      },
      send: (ids, v) =>
        h.post('/blade-system/user/unlock', { query: { userIds: ids.join(','), ...q(v) } }),
      state: async (ids) => {
        const keys = (await userRows(ids)).map((u) => accountFailKey('000000', u.account))
        return (
          await h.s.db
            .selectFrom('bladeLoginFailure')
            .select('id')
            .where('failKey', 'in', keys)
            .execute()
        ).length
      },
    },
    {
      name: 'user/audit-pass',
      table: 'blade_user',
      rows: async () => [
        await addUser(h.s, { account: `va-${++seq}`, password: 'pw-1', status: 0 }),
        await addUser(h.s, { account: `va-${++seq}`, password: 'pw-1', status: 0 }),
      ],
      send: (ids, v) =>
        h.post('/blade-system/user/audit-pass', { query: { userIds: ids.join(','), ...q(v) } }),
      state: async (ids) =>
        (
          await h.s.db.selectFrom('bladeUser').select('status').where('id', 'in', ids).execute()
        ).map((u) => u.status),
    },
    {
      name: 'tenant/recycle',
      table: 'blade_tenant',
      rows: async () => [
        (await h.newTenant(`回收租户${++seq}`)).id,
        (await h.newTenant(`回收租户${++seq}`)).id,
      ],
      send: (ids, v) =>
        h.post('/blade-system/tenant/recycle', { query: { ids: ids.join(','), ...q(v) } }),
      state: async (ids) =>
        (
          await h.s.db.selectFrom('bladeTenant').select('status').where('id', 'in', ids).execute()
        ).map((r) => r.status),
    },
    {
      name: 'user/update-platform',
      table: 'blade_user',
      rows: async () => [await addUser(h.s, { account: `va-${++seq}`, password: 'pw-1' })],
      send: (ids, v) =>
        h.post('/blade-system/user/update-platform', {
          query: v
            ? { userId: ids[0]!, userType: '2', userExt: `{"n":${++seq}}`, version: v[0]! }
            : { userId: ids[0]!, userType: '2', userExt: `{"n":${++seq}}` },
        }),
      state: async (ids) =>
        (await h.get('/blade-system/user/platform-detail', { id: ids[0]! })).body.data.userExt,
      single: true,
    },
    {
      name: 'job-info/change',
      table: 'blade_job_info',
      // Triggered by API only: switching it on or off schedules nothing.
      rows: async () => [
        (
          await h.post('/blade-job/job-info/submit', {
            json: {
              jobServerId: EMBEDDED_JOB_SERVER_ID,
              jobName: `v-${++seq}`,
              timeExpressionType: 1,
              processorInfo: 'http',
              jobParams: JSON.stringify({ method: 'GET', url: '/blade-system/param/list' }),
            },
          })
        ).body.data.id,
      ],
      send: async (ids, v) => {
        const enable = (await jobEnabled(ids[0]!)) === 1 ? '0' : '1'
        return h.post('/blade-job/job-info/change', {
          query: v ? { id: ids[0]!, enable, version: v[0]! } : { id: ids[0]!, enable },
        })
      },
      state: async (ids) => jobEnabled(ids[0]!),
      single: true,
    },
    {
      name: 'role/grant',
      table: 'blade_role',
      rows: async () => [ROLE_OFFICE, ROLE_FINANCE],
      send: async (ids, v) =>
        h.post('/blade-system/role/grant', {
          json: {
            roleIds: ids,
            menuIds: await otherMenus('bladeRoleMenu', 'roleId', ids[0]!),
            dataScopeIds: [],
            apiScopeIds: [],
            ...(v ? { versions: v } : {}),
          },
        }),
      state: async (ids) =>
        (
          await h.s.db
            .selectFrom('bladeRoleMenu')
            .select('menuId')
            .where('roleId', 'in', ids)
            .orderBy('menuId')
            .execute()
        ).map((r) => r.menuId),
    },
    {
      name: 'topmenu/grant',
      table: 'blade_top_menu',
      rows: async () =>
        (
          await h.s.db
            .selectFrom('bladeTopMenu')
            .select('id')
            .where('isDeleted', '=', 0)
            .orderBy('id')
            .execute()
        ).map((r) => r.id),
      send: async (ids, v) =>
        h.post('/blade-system/topmenu/grant', {
          json: {
            topMenuIds: ids,
            menuIds: await otherMenus('bladeTopMenuSetting', 'topMenuId', ids[0]!),
            ...(v ? { versions: v.join(',') } : {}),
          },
        }),
      state: async (ids) =>
        await h.s.db
          .selectFrom('bladeTopMenuSetting')
          .select(['topMenuId', 'menuId'])
          .where('topMenuId', 'in', ids)
          .orderBy('topMenuId')
          .orderBy('menuId')
          .execute(),
    },
    {
      name: 'tenant/setting',
      table: 'blade_tenant',
      rows: async () => [
        (await h.newTenant(`版本租户${++seq}`)).id,
        (await h.newTenant(`版本租户${++seq}`)).id,
      ],
      send: (ids, v) =>
        h.post('/blade-system/tenant/setting', {
          query: { ids: ids.join(','), accountNumber: String(++seq), ...q(v) },
        }),
      state: async (ids) =>
        (
          await h.s.db
            .selectFrom('bladeTenant')
            .select('accountNumber')
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        ).map((r) => r.accountNumber),
    },
    {
      name: 'oss/enable',
      table: 'blade_oss',
      rows: async () => [
        (
          await h.post('/blade-resource/oss/submit', {
            json: { category: 1, ossCode: `v-${++seq}`, endpoint: '/uploads' },
          })
        ).body.data.id,
      ],
      send: (ids, v) =>
        h.post('/blade-resource/oss/enable', {
          query: v ? { id: ids[0]!, version: v[0]! } : { id: ids[0]! },
        }),
      state: async (ids) =>
        (
          await h.s.db
            .selectFrom('bladeOss' as 'bladeUser')
            .select('status')
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.status),
      single: true,
    },
  ]

  for (const a of actions) {
    describe(a.name, () => {
      it('refuses a stale version with 409, the current rows in data, and writes nothing', async () => {
        const ids = await a.rows()
        const read = (await versionsOf(a.table, ids)).map(String)
        await changeBehind(a.table, ids[0]!)
        const before = await a.state(ids)
        const versionsBefore = await versionsOf(a.table, ids)
        const r = await a.send(ids, read)
        expect(r.status, JSON.stringify(r.body)).toBe(409)
        expect(r.body).toMatchObject({ code: 409, success: false })
        expect(r.body.msg).toContain('修改')
        const data = Array.isArray(r.body.data) ? r.body.data : [r.body.data]
        expect(data.find((d: { id: string }) => d.id === ids[0])).toMatchObject({
          id: ids[0],
          version: Number(read[0]) + 1,
        })
        for (const row of data) expect(row).not.toHaveProperty('password')
        expect(await a.state(ids)).toEqual(before)
        expect(await versionsOf(a.table, ids)).toEqual(versionsBefore)
      })

      it('writes on the versions read and raises them, so a second caller on the same read is refused', async () => {
        const ids = await a.rows()
        const read = await versionsOf(a.table, ids)
        const before = await a.state(ids)
        const r = await a.send(ids, read.map(String))
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(await a.state(ids)).not.toEqual(before)
        expect(await versionsOf(a.table, ids)).toEqual(read.map((v) => v + 1))
        expect((await a.send(ids, read.map(String))).status).toBe(409)
      })

      it('without versions writes as before, and still raises the version', async () => {
        const ids = await a.rows()
        const read = await versionsOf(a.table, ids)
        await changeBehind(a.table, ids[0]!)
        const before = await a.state(ids)
        const r = await a.send(ids)
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(await a.state(ids)).not.toEqual(before)
        expect(await versionsOf(a.table, ids)).toEqual(read.map((v, i) => v + (i === 0 ? 2 : 1)))
      })

      it(
        a.single
          ? 'answers 400 to a version that is no number, and writes nothing'
          : 'answers 400 to a versions list of another length, and writes nothing',
        async () => {
          const ids = await a.rows()
          const read = (await versionsOf(a.table, ids)).map(String)
          const before = await a.state(ids)
          const r = await a.send(ids, a.single ? ['1.5'] : [...read, '1'])
          expect(r.status, JSON.stringify(r.body)).toBe(400)
          expect(r.body.msg).toBe(
            a.single ? '请求参数格式错误: version' : '版本号的个数必须与所选数据的个数相同',
          )
          expect(await a.state(ids)).toEqual(before)
        },
      )
    })
  }
})
