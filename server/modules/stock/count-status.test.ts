// A stock count's finished state over real HTTP on SQLite and PostgreSQL: finishing is an update
// of the count (the server stamps finishTime), lines of a finished count are refused with nothing
// written, reopening needs the edit button, a finish replayed with its Idempotency-Key applies
// once, a stale finish is a 409, a finish racing line writes leaves a consistent count, and the
// migration makes every existing count "counting".
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  PG_ADMIN_URL,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { sessionToken } from '../../../tests/support/tokens.ts'
import { openCachedDatabase } from '../../auth/database.ts'
import type { Dialect } from '../../db/database.ts'
import * as field from '../../db/migrations/007-field.ts'
import * as stockStatus from '../../db/migrations/009-stock-status.ts'
import { nextId } from '../../core/ids.ts'

const FINISHED = '盘点已完成，不能再修改明细'
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

forEachDatabase('stock count state', (dialect) => {
  let s: TestServer
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const post = (path: string, json: unknown, token = warehouse, key?: string) =>
    call(s.baseUrl, 'POST', `/api${path}`, {
      token,
      json,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const remove = (path: string, ids: string, token = warehouse) =>
    call(s.baseUrl, 'POST', `/api${path}/remove`, { token, query: { ids } })
  const detail = async (id: string) =>
    (await call(s.baseUrl, 'GET', '/api/stockTaking/detail', { token: warehouse, query: { id } }))
      .body.data
  const newCount = async (checkDate: string) => {
    const r = await post('/stockTaking/submit', { checkDate, brandId: 'dmr' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }
  const line = (dmrStockId: string, skuNo: string, productQuantity: number) => ({
    id: nextId(),
    dmrStockId,
    skuNo,
    productQuantity,
    deviceId: 'tablet-1',
  })
  const linesOf = async (id: string) =>
    s.db
      .selectFrom('dmrStockDetail')
      .select(['id', 'productQuantity', 'isDeleted'])
      .where('dmrStockId', '=', id)
      .orderBy('id')
      .execute()

  it('finishing is an update of the count: finishTime is stamped, and every line write after it answers 400 and writes nothing', async () => {
    const count = await newCount('2026-05-01')
    const other = await newCount('2026-05-02')
    const kept = line(count, 'FIN-A', 3)
    const elsewhere = line(other, 'FIN-B', 2)
    await post('/stockDetail/submit', kept)
    await post('/stockDetail/submit', elsewhere)
    const fresh = await detail(count)
    expect(fresh).toMatchObject({ countStatus: 0, finishTime: '', version: 1 })

    const finish = await post('/stockTaking/update', { id: count, countStatus: 1, version: 1 })
    expect(finish.status, JSON.stringify(finish.body)).toBe(200)
    expect(finish.body.data).toMatchObject({
      id: count,
      countStatus: 1,
      version: 2,
      stockTotal: 3,
      checkDate: '2026-05-01',
      brandId: 'dmr',
    })
    expect(finish.body.data.finishTime).toMatch(DATETIME)

    const before = await linesOf(count)
    const refusals = [
      await post('/stockDetail/submit', line(count, 'FIN-NEW', 1)),
      await post('/stockDetail/submit', { id: kept.id, productQuantity: 30 }),
      await post('/stockDetail/submit', { id: elsewhere.id, dmrStockId: count }),
      await remove('/stockDetail', kept.id),
    ]
    for (const r of refusals) {
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false, msg: FINISHED })
    }
    expect(await linesOf(count)).toEqual(before)
    expect((await detail(count)).stockTotal).toBe(3)
    expect((await detail(other)).stockTotal).toBe(2)

    // The list filters and shows the state; the picker carries it with the version.
    const listed = await call(s.baseUrl, 'GET', '/api/stockTaking/list', {
      token: warehouse,
      query: { countStatus: '1', size: '100' },
    })
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toContain(count)
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).not.toContain(other)
    const picker = (await call(s.baseUrl, 'GET', '/api/stockTaking/select', { token: warehouse }))
      .body.data as { id: string }[]
    expect(picker.find((c) => c.id === count)).toMatchObject({
      countStatus: 1,
      version: 2,
      finishTime: finish.body.data.finishTime,
    })
    expect(picker.find((c) => c.id === other)).toMatchObject({
      countStatus: 0,
      version: 1,
      finishTime: '',
    })
  })

  it('reopening clears finishTime and lines land again; a plain Blade write leaves the state alone', async () => {
    const count = await newCount('2026-05-03')
    const finished = (await post('/stockTaking/submit', { id: count, countStatus: 1 })).body.data
    expect(finished.countStatus).toBe(1)
    // A Blade client that knows nothing of the state edits the count: still finished, same finishTime.
    const edited = await post('/stockTaking/submit', {
      id: count,
      checkDate: '2026-05-04',
      brandId: 'lumi',
    })
    expect(edited.body.data).toMatchObject({
      countStatus: 1,
      finishTime: finished.finishTime,
      checkDate: '2026-05-04',
      brandId: 'lumi',
    })
    // An empty value changes nothing either; a value outside the options is refused.
    expect(
      (await post('/stockTaking/submit', { id: count, countStatus: '' })).body.data.countStatus,
    ).toBe(1)
    for (const bad of [2, 'done']) {
      const r = await post('/stockTaking/submit', { id: count, countStatus: bad })
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain('盘点状态')
    }

    const reopened = await post('/stockTaking/update', { id: count, countStatus: 0 })
    expect(reopened.body.data).toMatchObject({ countStatus: 0, finishTime: '' })
    expect((await post('/stockDetail/submit', line(count, 'REO-A', 4))).status).toBe(200)
    expect((await detail(count)).stockTotal).toBe(4)
  })

  it('finishing and reopening need the stock count edit button, even through a create', async () => {
    const roleId = nextId()
    await s.db
      .insertInto('bladeRole')
      .values({
        id: roleId,
        tenantId: '000000',
        parentId: '0',
        roleName: '盘点员',
        sort: 9,
        roleAlias: 'counter',
      })
      .execute()
    const codes = ['stock_taking', 'stock_taking_add']
    const menus = await s.db
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('code', 'in', codes)
      .where('isDeleted', '=', 0)
      .execute()
    expect(menus.map((m) => m.code).sort()).toEqual(codes)
    await s.db
      .insertInto('bladeRoleMenu')
      .values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
      .execute()
    const counter = await sessionToken(
      s,
      {
        userId: nextId(),
        tenantId: '000000',
        account: 'counter',
        userName: 'counter',
        realName: 'counter',
        roleIds: [roleId],
        roleAliases: ['counter'],
        deptIds: [],
        postId: '',
        oauthId: '',
        clientId: 'saber',
      },
      3600,
    )

    // Counting is what the add button allows: a new count, its lines.
    const created = await post(
      '/stockTaking/submit',
      { checkDate: '2026-05-05', brandId: 'dmr', countStatus: 0 },
      counter,
    )
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const count = created.body.data.id as string
    expect((await post('/stockDetail/submit', line(count, 'BTN-A', 1), counter)).status).toBe(200)
    const total = async () =>
      (await s.db.selectFrom('dmrStockTaking').select('id').execute()).length
    const before = await total()
    expect(
      (
        await post(
          '/stockTaking/submit',
          { checkDate: '2026-05-06', brandId: 'dmr', countStatus: 1 },
          counter,
        )
      ).status,
    ).toBe(403)
    expect(await total()).toBe(before)
    expect((await post('/stockTaking/update', { id: count, countStatus: 1 }, counter)).status).toBe(
      403,
    )
    expect((await post('/stockTaking/submit', { id: count, countStatus: 1 }, counter)).status).toBe(
      403,
    )
    expect((await detail(count)).countStatus).toBe(0)
    // The warehouse role has the edit button.
    expect((await post('/stockTaking/update', { id: count, countStatus: 1 })).status).toBe(200)
    expect((await post('/stockTaking/update', { id: count, countStatus: 0 }, counter)).status).toBe(
      403,
    )
    expect((await detail(count)).countStatus).toBe(1)
  })

  it('a finish replayed with its Idempotency-Key answers the same and applies once; lines sent before it replay as they were', async () => {
    const count = await newCount('2026-05-07')
    const l = line(count, 'IDEM-A', 5)
    const first = await post('/stockDetail/submit', l, warehouse, `line-${l.id}`)
    const body = { id: count, countStatus: 1, version: 1 }
    const finish = await post('/stockTaking/update', body, warehouse, `finish-${count}`)
    expect(finish.status).toBe(200)
    const again = await post('/stockTaking/update', body, warehouse, `finish-${count}`)
    expect(again.body).toEqual(finish.body)
    expect(
      await s.db
        .selectFrom('dmrStockTaking')
        .select(['countStatus', 'version', 'finishTime'])
        .where('id', '=', count)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      countStatus: 1,
      version: 2,
      finishTime: finish.body.data.finishTime,
    })
    // A line whose answer was lost before the finish replays its stored answer, not a refusal.
    expect((await post('/stockDetail/submit', l, warehouse, `line-${l.id}`)).body).toEqual(
      first.body,
    )
    const late = line(count, 'IDEM-B', 1)
    expect(
      (await post('/stockDetail/submit', late, warehouse, `line-${late.id}`)).body,
    ).toMatchObject({ code: 400, msg: FINISHED })
    expect((await linesOf(count)).map((r) => r.id)).toEqual([l.id])
  })

  it('a finish made on a stale version answers 409 with the current count and changes nothing', async () => {
    const count = await newCount('2026-05-08')
    expect(
      (await post('/stockTaking/submit', { id: count, brandId: 'lumi', version: 1 })).body.data
        .version,
    ).toBe(2)
    const stale = await post('/stockTaking/update', { id: count, countStatus: 1, version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      code: 409,
      success: false,
      data: { id: count, countStatus: 0, brandId: 'lumi', version: 2 },
    })
    expect((await post('/stockDetail/submit', line(count, 'STALE-A', 1))).status).toBe(200)
    // Line writes do not raise the count's version, so a finish on the version seen before them goes through.
    expect(
      (await post('/stockTaking/update', { id: count, countStatus: 1, version: 2 })).body.data,
    ).toMatchObject({ countStatus: 1, version: 3 })
  })

  it('a finish racing line writes: each line lands before it or is refused, and the total is the landed lines', async () => {
    const count = await newCount('2026-05-09')
    const lines = Array.from({ length: 12 }, (_, i) => line(count, `RACE-${i}`, i + 1))
    const sends = lines.map((l) => post('/stockDetail/submit', l))
    sends.splice(6, 0, post('/stockTaking/update', { id: count, countStatus: 1 }))
    const answers = await Promise.all(sends)
    const [finish] = answers.splice(6, 1)
    expect(finish!.status).toBe(200)
    expect(
      answers.every((a) => a.status === 200 || (a.status === 400 && a.body.msg === FINISHED)),
      JSON.stringify(answers.map((a) => a.body)),
    ).toBe(true)
    const landed = lines.filter((_, i) => answers[i]!.status === 200)
    expect((await linesOf(count)).map((r) => r.id).sort()).toEqual(landed.map((l) => l.id).sort())
    expect(await detail(count)).toMatchObject({
      countStatus: 1,
      stockTotal: landed.reduce((a, l) => a + l.productQuantity, 0),
    })
  })

  it('the migration makes an existing count counting, with no finish time', async () => {
    const scratch = await scratchDatabase(dialect)
    try {
      await field.up(scratch.db)
      await sql`insert into dmr_stock_taking (id, check_date, brand_id) values ('1', '2025-12-01', 'dmr')`.execute(
        scratch.db,
      )
      await stockStatus.up(scratch.db)
      const row = await sql<{
        countStatus: number
        finishTime: string | null
      }>`select count_status, finish_time from dmr_stock_taking`.execute(scratch.db)
      expect(row.rows).toEqual([{ countStatus: 0, finishTime: null }])
    } finally {
      await scratch.close()
    }
  })
})

/** An empty database of the dialect (no migrations), dropped on close. */
async function scratchDatabase(
  dialect: Dialect,
): Promise<{ db: Kysely<unknown>; close: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vnadmin-migration-'))
    const { db, close } = openCachedDatabase(`sqlite:${join(dir, 'scratch.db')}`)
    return {
      db: db as unknown as Kysely<unknown>,
      close: async () => (await close(), rmSync(dir, { recursive: true, force: true })),
    }
  }
  const name = `scratch_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL })
    await c.connect()
    await c.query(query)
    await c.end()
  }
  await admin(`CREATE DATABASE ${name}`)
  const u = new URL(PG_ADMIN_URL)
  u.pathname = `/${name}`
  const { db, close } = openCachedDatabase(u.toString())
  return {
    db: db as unknown as Kysely<unknown>,
    close: async () => (await close(), await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  }
}
