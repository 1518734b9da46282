// The sync extensions of the Blade contract (docs/offline.md): client-made ids, Idempotency-Key and the
// record version, on the generic engine, over real HTTP on SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../tests/support/http.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { nextId } from '../core/ids.ts'

forEachDatabase('sync: ids, idempotency keys, versions', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  const submit = (json: unknown, key?: string) =>
    call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
      token,
      json,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const count = async (paramKey: string) =>
    (
      await s.db
        .selectFrom('bladeParam')
        .select('id')
        .where('paramKey', '=', paramKey)
        .where('isDeleted', '=', 0)
        .execute()
    ).length

  it('the same create sent 3 times makes one record, and every answer is the same', async () => {
    const id = nextId()
    const body = { id, paramName: '同步', paramKey: 'sync.once', paramValue: '1' }
    const answers = [
      await submit(body, 'key-create-0001'),
      await submit(body, 'key-create-0001'),
      await submit(body, 'key-create-0001'),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers[0]!.body.data).toMatchObject({ id, version: 1 })
    expect(answers[1]!.body).toEqual(answers[0]!.body)
    expect(answers[2]!.body).toEqual(answers[0]!.body)
    expect(await count('sync.once')).toBe(1)
  })

  it('the same key with another body answers 422 and writes nothing', async () => {
    await submit({ paramName: 'a', paramKey: 'sync.k422', paramValue: '1' }, 'key-reuse-0001')
    const r = await submit(
      { paramName: 'b', paramKey: 'sync.k422b', paramValue: '2' },
      'key-reuse-0001',
    )
    expect(r.status).toBe(422)
    expect(r.body).toMatchObject({ code: 422, success: false })
    expect(await count('sync.k422b')).toBe(0)
  })

  it('a client-made id keeps its id; a create whose id exists becomes an update', async () => {
    const id = nextId()
    expect(
      (await submit({ id, paramName: 'c', paramKey: 'sync.client', paramValue: '1' })).body.data.id,
    ).toBe(id)
    const again = await submit({ id, paramName: 'c', paramKey: 'sync.client', paramValue: '2' })
    expect(again.body.data).toMatchObject({ id, paramValue: '2', version: 2 })
    expect(await count('sync.client')).toBe(1)
  })

  it('a stale version changes nothing and answers 409 with the current record; a body without version is last-write-wins', async () => {
    const created = (
      await submit({ paramName: 'v', paramKey: 'sync.version', paramValue: 'first' })
    ).body.data
    const tablet = await submit({ id: created.id, version: 1, paramValue: 'from tablet' })
    expect(tablet.body.data.version).toBe(2)
    const phone = await submit({ id: created.id, version: 1, paramValue: 'from phone' })
    expect(phone.status).toBe(409)
    expect(phone.body).toMatchObject({
      code: 409,
      success: false,
      data: { id: created.id, paramValue: 'from tablet', version: 2 },
    })
    const detail = await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', {
      token,
      query: { id: created.id },
    })
    expect(detail.body.data).toMatchObject({ paramValue: 'from tablet', version: 2 })
    const plain = await submit({ id: created.id, paramValue: 'plain blade client' })
    expect(plain.body.data).toMatchObject({ paramValue: 'plain blade client', version: 3 })
    expect((await submit({ id: created.id, version: 'x', paramValue: 'bad' })).status).toBe(400)
  })

  it('updates racing on the same version: exactly one wins, the others answer 409, the version rises once', async () => {
    const created = (
      await submit({ paramName: 'vr', paramKey: 'sync.version.race', paramValue: 'first' })
    ).body.data
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit({ id: created.id, version: 1, paramValue: `device ${i}` }),
      ),
    )
    const won = answers.filter((a) => a.status === 200)
    expect(won).toHaveLength(1)
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, a.body.code]).toEqual([409, 409])
    const row = await s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect((row as unknown as { version: number }).version).toBe(2)
    expect(row.paramValue).toBe(won[0]!.body.data.paramValue)
  })

  it('a concurrent duplicate answers 409 or the stored answer, never a second write', async () => {
    const body = { paramName: 'race', paramKey: 'sync.race', paramValue: '1' }
    const answers = await Promise.all([
      submit(body, 'key-race-000001'),
      submit(body, 'key-race-000001'),
      submit(body, 'key-race-000001'),
    ])
    for (const a of answers) expect([200, 409]).toContain(a.status)
    expect(answers.some((a) => a.status === 200)).toBe(true)
    expect(await count('sync.race')).toBe(1)
  })

  it('a failed write stores no key, so the corrected retry under the same key is applied', async () => {
    const bad = await submit({ paramKey: 'sync.fail', paramValue: '1' }, 'key-fail-000001')
    expect(bad.status).toBe(400)
    const good = await submit(
      { paramName: 'ok', paramKey: 'sync.fail', paramValue: '1' },
      'key-fail-000001',
    )
    expect(good.status).toBe(200)
    expect(await count('sync.fail')).toBe(1)
  })

  it('removes idempotently and raises the version', async () => {
    const created = (await submit({ paramName: 'r', paramKey: 'sync.remove', paramValue: '1' }))
      .body.data
    const remove = () =>
      call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
        token,
        query: { ids: created.id },
        headers: { 'Idempotency-Key': 'key-remove-0001' },
      })
    expect((await remove()).status).toBe(200)
    expect((await remove()).status).toBe(200)
    const row = await s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.isDeleted).toBe(1)
    expect((row as unknown as { version: number }).version).toBe(2)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
          token,
          json: {},
          headers: { 'Idempotency-Key': 'bad key!' },
        })
      ).status,
    ).toBe(400)
  })

  it('an update of a record deleted on the server is a conflict; removing it again succeeds', async () => {
    const created = (await submit({ paramName: 'd', paramKey: 'sync.deleted', paramValue: '1' }))
      .body.data
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
          token,
          query: { ids: created.id },
        })
      ).status,
    ).toBe(200)
    const offlineEdit = await submit({ id: created.id, version: 1, paramValue: 'edited offline' })
    expect(offlineEdit.status).toBe(409)
    expect(offlineEdit.body).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已在服务器上删除',
    })
    const update = await call(s.baseUrl, 'POST', '/api/blade-system/param/update', {
      token,
      json: { id: created.id, paramValue: 'x' },
    })
    expect(update.status).toBe(409)
    const row = await s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.paramValue).toBe('1')
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
          token,
          query: { ids: created.id },
        })
      ).status,
    ).toBe(200)
  })
})
