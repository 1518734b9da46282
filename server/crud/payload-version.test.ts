// X-Payload-Version on the generic engine's writes (docs/offline.md R4), over real HTTP on SQLite and
// PostgreSQL: the current and the previous version are accepted, the previous one upgraded before
// validation with an injected upgrader (the shipped build has none yet); anything else is a 400
// with the shared message and nothing is written.
import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { setPayloadSchema, type PayloadSchema } from '../../src/domain/payload-version.ts'
import { call } from '../../tests/support/http.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { nextId } from '../core/ids.ts'

// Build 2 (injected): build 1 sent a param's key as `key`; build 2 calls it paramKey.
const build2: PayloadSchema = {
  current: 2,
  steps: {
    2: {
      param: ({ key, ...rest }) => ({ ...rest, ...(key === undefined ? {} : { paramKey: key }) }),
    },
  },
}

forEachDatabase('payload schema versions', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())
  beforeEach(() => setPayloadSchema(build2))
  afterEach(() => setPayloadSchema(null))

  const write = (op: 'submit' | 'save' | 'update', json: unknown, version?: string, key?: string) =>
    call(s.baseUrl, 'POST', `/api/blade-system/param/${op}`, {
      token,
      json,
      headers: {
        ...(version === undefined ? {} : { 'X-Payload-Version': version }),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
    })
  const stored = (paramKey: string) =>
    s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('paramKey', '=', paramKey)
      .where('isDeleted', '=', 0)
      .execute()

  it('a body of the previous version is upgraded before validation and stored', async () => {
    const id = nextId()
    const r = await write(
      'submit',
      { id, paramName: '旧版', key: 'pv.previous', paramValue: '1' },
      '1',
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id, paramKey: 'pv.previous', version: 1 })
    expect(await stored('pv.previous')).toMatchObject([{ id, paramName: '旧版', paramValue: '1' }])
    // save and update take the same path.
    expect(
      (await write('update', { id, key: 'pv.previous', paramValue: '2' }, '1')).body.data,
    ).toMatchObject({ paramValue: '2', version: 2 })
    expect(
      (await write('save', { paramName: 's', key: 'pv.save', paramValue: '1' }, '1')).status,
    ).toBe(200)
    expect(await stored('pv.save')).toHaveLength(1)
  })

  it('the current version, or no header at all (a plain Blade client), is taken as it is', async () => {
    expect(
      (await write('submit', { paramName: 'c', paramKey: 'pv.current', paramValue: '1' }, '2'))
        .status,
    ).toBe(200)
    expect(
      (await write('submit', { paramName: 'p', paramKey: 'pv.plain', paramValue: '1' })).status,
    ).toBe(200)
    expect(await stored('pv.current')).toHaveLength(1)
    expect(await stored('pv.plain')).toHaveLength(1)
    // Not upgraded: a current body still using the old name fails validation.
    const old = await write(
      'submit',
      { paramName: 'x', key: 'pv.notUpgraded', paramValue: '1' },
      '2',
    )
    expect(old.status).toBe(400)
    expect(old.body.msg).toContain('请输入参数键名')
  })

  it('an older, a newer or a malformed version answers 400 with the shared message, and nothing is written', async () => {
    setPayloadSchema({ ...build2, current: 3 })
    const old = await write(
      'submit',
      { paramName: 'o', key: 'pv.tooOld', paramValue: '1' },
      '1',
      'key-pv-old-0001',
    )
    expect(old.status).toBe(400)
    expect(old.body).toMatchObject({
      code: 400,
      success: false,
      msg: '客户端版本过旧，请刷新页面后重试',
      data: { payloadVersion: { reason: 'tooOld', current: 3, oldest: 2 } },
    })
    const newer = await write(
      'submit',
      { paramName: 'n', paramKey: 'pv.tooNew', paramValue: '1' },
      '4',
    )
    expect(newer.status).toBe(400)
    expect(newer.body).toMatchObject({
      code: 400,
      success: false,
      msg: '客户端版本比服务器新，请稍后重试',
      data: { payloadVersion: { reason: 'tooNew' } },
    })
    for (const bad of ['abc', '0', '1.5', '-2']) {
      const r = await write('submit', { paramName: 'b', paramKey: 'pv.bad', paramValue: '1' }, bad)
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({
        code: 400,
        success: false,
        data: { payloadVersion: { reason: 'invalid' } },
      })
      expect(r.body.msg).toContain('X-Payload-Version')
    }
    expect(await stored('pv.tooOld')).toHaveLength(0)
    expect(await stored('pv.tooNew')).toHaveLength(0)
    expect(await stored('pv.bad')).toHaveLength(0)
    expect(
      await s.db
        .selectFrom('bladeIdempotency' as never)
        .selectAll()
        .where('idemKey' as never, '=', 'key-pv-old-0001' as never)
        .execute(),
    ).toHaveLength(0)
  })

  it('a remove with a refused version removes nothing; the previous version removes', async () => {
    const created = (
      await write('submit', { paramName: 'r', paramKey: 'pv.remove', paramValue: '1' })
    ).body.data
    const remove = (version: string) =>
      call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
        token,
        query: { ids: created.id },
        headers: { 'X-Payload-Version': version },
      })
    expect((await remove('3')).status).toBe(400)
    expect(await stored('pv.remove')).toHaveLength(1)
    expect((await remove('1')).status).toBe(200)
    expect(await stored('pv.remove')).toHaveLength(0)
  })

  it('one key: the previous version, then the same write upgraded on the device, is one effect with one answer', async () => {
    const id = nextId()
    const first = await write(
      'submit',
      { id, paramName: '一次', key: 'pv.once', paramValue: '1' },
      '1',
      'key-pv-once-0001',
    )
    const again = await write(
      'submit',
      { id, paramName: '一次', paramKey: 'pv.once', paramValue: '1' },
      '2',
      'key-pv-once-0001',
    )
    expect(first.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await stored('pv.once')).toMatchObject([{ id, version: 1 }])
    // Another body under the same key is still refused.
    expect(
      (
        await write(
          'submit',
          { id, paramName: '另一个', paramKey: 'pv.once', paramValue: '1' },
          '2',
          'key-pv-once-0001',
        )
      ).status,
    ).toBe(422)
  })

  it('a key recorded before the fingerprint ignored key order still answers its repeat', async () => {
    const id = nextId()
    const body = { id, paramName: '旧记录', paramKey: 'pv.legacy', paramValue: '1' }
    const answer = { code: 200, success: true, data: { id, version: 1 }, msg: '操作成功' }
    // As the server stored fingerprints until now: the raw body, keys in the order they were sent.
    const url = '/blade-system/param/submit'
    const hash = createHash('sha256')
      .update(`POST ${url}\n${JSON.stringify(body)}`)
      .digest('hex')
    await s.db
      .insertInto('bladeIdempotency' as never)
      .values({
        tenantId: '000000',
        userId: '1123598821738675201',
        idemKey: 'key-pv-legacy-0001',
        requestHash: hash,
        response: JSON.stringify(answer),
        createdAt: Date.now(),
      } as never)
      .execute()
    const r = await write('submit', body, undefined, 'key-pv-legacy-0001')
    expect(r.body).toEqual(answer)
    expect(await stored('pv.legacy')).toHaveLength(0)
  })
})
