// The import run against a real database, without HTTP: beforeWrite runs per row and afterImport
// once per written chunk with the rows as stored and the rows updated as they were; an unchanged
// file calls afterImport with nothing; a file another tenant imports touches only its own rows.
import { writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { giftDetail } from '../../../src/domain/gift/gift-detail.ts'
import { csvOf } from '../../../tests/support/import-files.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import type { AuthUser } from '../../auth/context.ts'
import type { AppContext } from '../../core/routes.ts'
import type { CrudOptions } from '../options.ts'
import type { Row } from '../table.ts'
import { ImportProgress } from './progress.ts'
import { runImport } from './run-import.ts'
import { judgeSheet } from './upload.ts'

const HEADERS = ['Send Time', 'User ID', 'Live ID', 'Gift Name', 'Gift Price', 'Gift Quantity']
const user = (tenantId: string): AuthUser => ({
  userId: `u-${tenantId}`,
  tenantId,
  account: 'a',
  userName: 'a',
  realName: 'a',
  roleIds: [],
  roleAliases: [],
  deptIds: ['1'],
  postId: '',
  oauthId: '',
  clientId: 'saber',
})

forEachDatabase('import run hooks', (dialect) => {
  let s: TestServer
  let ctx: AppContext
  const path = join(tmpdir(), `run-import-${process.pid}-${dialect}.csv`)
  beforeAll(async () => {
    s = await startTestServer(dialect)
    ctx = s.ctx
  })
  afterAll(async () => {
    await rm(path, { force: true })
    await s?.close()
  })

  const run = async (rows: (string | number)[][], tenantId: string, opts: CrudOptions) => {
    await writeFile(path, csvOf(HEADERS, rows))
    const u = user(tenantId)
    return runImport(
      ctx,
      giftDetail,
      u,
      opts,
      await judgeSheet(path),
      await ImportProgress.start(s.db, `run-${tenantId}-${Date.now()}`, u, giftDetail.name),
    )
  }

  it('calls beforeWrite per row and afterImport per chunk with the stored and the previous rows', async () => {
    const seen: { rows: Row[]; previous: Row[] }[] = []
    const before: string[] = []
    const opts: CrudOptions = {
      beforeWrite: ({ values }) => void before.push(String(values.user_id)),
      afterImport: ({ rows, previous }) => void seen.push({ rows, previous }),
    }
    const rows = [
      ['2026-03-01 20:00:00', 'u1', 'L1', 'Rose', 1, 2],
      ['2026-03-01 20:01:00', 'u2', 'L1', 'Lion', 29999, 1],
    ]
    expect(await run(rows, '000000', opts)).toMatchObject({
      total: 2,
      inserted: 2,
      updated: 0,
      unchanged: 0,
    })
    expect(before).toEqual(['u1', 'u2'])
    expect(seen).toHaveLength(1)
    expect(seen[0]!.rows.map((r) => [r.userId, r.giftQuantity, r.version])).toEqual(
      expect.arrayContaining([
        ['u1', 2, 1],
        ['u2', 1, 1],
      ]),
    )
    expect(seen[0]!.previous).toEqual([])

    seen.length = 0
    expect(
      await run([rows[0]!, ['2026-03-01 20:01:00', 'u2', 'L1', 'Lion', 29999, 3]], '000000', opts),
    ).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 })
    expect(seen[0]!.rows.map((r) => [r.userId, r.giftQuantity, r.version])).toEqual([['u2', 3, 2]])
    expect(seen[0]!.previous.map((r) => [r.userId, r.giftQuantity, r.version])).toEqual([
      ['u2', 1, 1],
    ])

    seen.length = 0
    expect(await run([rows[0]!], '000000', opts)).toMatchObject({ unchanged: 1 })
    expect(seen).toEqual([])

    // The same keys in another tenant are new rows there; tenant 000000's rows stay as they were.
    const mine = await s.db
      .selectFrom('dmrGiftDetail')
      .selectAll()
      .where('tenantId', '=', '000000')
      .orderBy('userId')
      .execute()
    expect(await run(rows, '333333', {})).toMatchObject({ inserted: 2 })
    expect(
      await s.db
        .selectFrom('dmrGiftDetail')
        .selectAll()
        .where('tenantId', '=', '000000')
        .orderBy('userId')
        .execute(),
    ).toEqual(mine)
  })
})
