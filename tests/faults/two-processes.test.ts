// Two server processes on one PostgreSQL database, as several instances behind a proxy run: they
// start at the same moment (migrations and seed must not race), share their keys and idempotency
// records through the database, and one of them dying mid-load loses no acknowledged write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCachedDatabase } from '../../server/auth/database.ts'
import { prepareDatabase } from '../../server/seed/prepare.ts'
import { readConfig } from '../../server/config.ts'
import { appContext, appRoutes } from '../../server/app.ts'
import { loadServerKeys } from '../../server/auth/keys.ts'
import { routeInventory } from '../../server/http/inventory.ts'
import { each, forgedTokens, send } from '../support/security-checks.ts'
import { crossTenantProblems, securitySetup } from '../support/security-suite.ts'
import { BASIC_SABER, call } from '../support/http.ts'
import { encryptForServer, loginAs, serverPublicKey } from '../support/login.ts'
import {
  acknowledged,
  NOTICE_SUBMIT,
  noticeBatch,
  submitConcurrently,
  type Envelope,
  type Target,
} from '../support/notice-batch.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import {
  startServerProcess,
  startServerProcesses,
  type ServerProcess,
} from '../support/server-process.ts'
import { onPostgres } from '../support/test-server.ts'
import { WORKING_PASSWORD } from '../../server/seed/org.ts'
import {
  expectBatchIntact,
  expectReplayAppliesOnce,
  seededCounts,
  withDatabase,
} from './batch-checks.ts'

/** What one process alone seeds on an empty database. */
async function seededByOneProcess(): Promise<Record<string, number>> {
  const scratch = await createScratchDatabase('postgres')
  const database = openCachedDatabase(scratch.url)
  try {
    await prepareDatabase(database, { ...readConfig({}), seedDemo: false })
    return await seededCounts(database.db)
  } finally {
    await database.close()
    await scratch.drop()
  }
}

onPostgres('two server processes on one database', () => {
  let scratch: ScratchDatabase
  let a: ServerProcess
  let b: ServerProcess
  let onA: Target
  let onB: Target
  beforeAll(async () => {
    scratch = await createScratchDatabase('postgres')
    ;[a, b] = await startServerProcesses(scratch, 2, { TRUST_PROXY: '1' })
    onA = { baseUrl: a.baseUrl, token: (await loginAs(a.baseUrl, 'admin', 'admin')).access_token }
    onB = { baseUrl: b.baseUrl, token: (await loginAs(b.baseUrl, 'admin', 'admin')).access_token }
  }, 240_000)
  afterAll(async () => {
    await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')])
    await scratch?.drop()
  })

  const submit = (target: Target, key: string, body: object) =>
    call<Envelope>(target.baseUrl, 'POST', NOTICE_SUBMIT, {
      token: target.token,
      json: body,
      headers: { 'Idempotency-Key': key },
    })
  const noticesTitled = (title: string) =>
    withDatabase(scratch.url, (db) =>
      db.selectFrom('bladeNotice').selectAll().where('title', '=', title).execute(),
    )
  // No client-made id: only the Idempotency-Key stands between a repeat and a second row.
  const notice = (title: string) => ({
    title,
    category: 1,
    releaseTime: '2026-11-21 10:30:00',
    content: '<p>two processes</p>',
  })

  describe('start and keys', () => {
    it('both processes start together, and the database holds what one process alone seeds', async () => {
      expect(await withDatabase(scratch.url, seededCounts)).toEqual(await seededByOneProcess())
    }, 120_000)

    it('share the password key and the token key: a token made by one process is accepted by the other', async () => {
      expect(await serverPublicKey(a.baseUrl)).toBe(await serverPublicKey(b.baseUrl))
      const page = await call<Envelope>(b.baseUrl, 'GET', '/api/blade-desk/notice/page', {
        token: onA.token,
        query: { current: '1', size: '1' },
      })
      expect(page.status).toBe(200)
      expect(page.body.success).toBe(true)
    })
  })

  describe('Idempotency-Key across processes', () => {
    it('a key used on A and repeated on B answers the stored answer and writes once', async () => {
      const body = notice('repeat across processes')
      const first = await submit(onA, 'two-proc-repeat-1', body)
      expect(first.status).toBe(200)
      expect(first.body.success).toBe(true)
      const again = await submit(onB, 'two-proc-repeat-1', body)
      expect(again).toEqual(first)
      expect((await noticesTitled(body.title)).map((n) => n.id)).toEqual([
        (first.body.data as { id: string }).id,
      ])
    })

    it('the same key with another body on B answers 422 and writes nothing', async () => {
      const first = await submit(onA, 'two-proc-other-body', notice('first body'))
      expect(first.status).toBe(200)
      const other = await submit(onB, 'two-proc-other-body', notice('second body'))
      expect(other.status).toBe(422)
      expect(other.body.success).toBe(false)
      expect(await noticesTitled('second body')).toEqual([])
      expect(await noticesTitled('first body')).toHaveLength(1)
    })

    it('concurrent submits of one key split across A and B have exactly one effect', async () => {
      const body = notice('concurrent across processes')
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          submit(i % 2 ? onB : onA, 'two-proc-concurrent', body),
        ),
      )
      // The first to commit wins; a duplicate that ran alongside it answers 409, a later one the stored answer.
      expect(replies.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([])
      const wins = replies.filter((r) => r.status === 200)
      expect(wins.length).toBeGreaterThan(0)
      for (const w of wins) expect(w.body).toEqual(wins[0]!.body)
      const stored = await noticesTitled(body.title)
      expect(stored.map((n) => n.id)).toEqual([(wins[0]!.body.data as { id: string }).id])
    })
  })

  // For the lead: sessions (a logout ends the session server-side, checked per request), the login
  // lockout and the token rate limit are moving to the database; once they have, they must hold
  // across processes. `a`, `b`, `onA` and `onB` are the two running processes and admin tokens.
  describe('sessions, login lockout and token rate limit across processes', () => {
    let ipSeq = 0
    const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
    const password = async (
      target: { baseUrl: string },
      username: string,
      plain: string,
      ip: string,
    ) =>
      call(target.baseUrl, 'POST', '/api/blade-auth/oauth/token', {
        query: {
          grant_type: 'password',
          tenantId: '000000',
          username,
          password: await encryptForServer(target.baseUrl, plain),
        },
        headers: { Authorization: BASIC_SABER, 'X-Forwarded-For': ip },
      })

    it('a logout on A ends the session on B at its next request', async () => {
      const login = await loginAs(a.baseUrl, 'admin', 'admin')
      const read = (target: ServerProcess) =>
        call(target.baseUrl, 'GET', '/api/blade-desk/notice/page', { token: login.access_token })
      expect((await read(b)).status).toBe(200)
      expect(
        (
          await call(a.baseUrl, 'GET', '/api/blade-auth/oauth/logout', {
            token: login.access_token,
          })
        ).status,
      ).toBe(200)
      expect((await read(b)).status).toBe(401)
      expect((await read(a)).status).toBe(401)
      const refreshed = await call(b.baseUrl, 'POST', '/api/blade-auth/oauth/token', {
        query: {
          grant_type: 'refresh_token',
          refresh_token: login.refresh_token,
          tenantId: '000000',
        },
        headers: { Authorization: BASIC_SABER },
      })
      expect(refreshed.status).toBe(400)
    })

    it('a button withdrawn through A is refused on B at its next request, though B had it cached', async () => {
      const office = await loginAs(b.baseUrl, 'office', WORKING_PASSWORD)
      const products = () =>
        call(b.baseUrl, 'GET', '/api/product/product/page', { token: office.access_token })
      expect((await products()).status).toBe(200)
      expect((await products()).status).toBe(200)
      const held = await withDatabase(scratch.url, (db) =>
        db
          .selectFrom('bladeRoleMenu as rm')
          .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
          .select(['m.id', 'm.code'])
          .where('rm.roleId', '=', office.role_id)
          .execute(),
      )
      const grant = (menuIds: string[]) =>
        call(a.baseUrl, 'POST', '/api/blade-system/role/grant', {
          token: onA.token,
          json: { roleIds: [office.role_id], menuIds, dataScopeIds: [], apiScopeIds: [] },
        })
      expect(
        (await grant(held.filter((m) => m.code !== 'product').map((m) => m.id))).body,
      ).toMatchObject({ success: true })
      expect((await products()).status).toBe(403)
      expect((await grant(held.map((m) => m.id))).body).toMatchObject({ success: true })
      expect((await products()).status).toBe(200)
    })

    it('login failures on A and on B add up to one lockout of the account', async () => {
      const ip = freshIp()
      for (let i = 0; i < 3; i++)
        expect((await password(a, 'office', 'wrong', ip)).body.error_description).toBe(
          '用户名或密码错误',
        )
      for (let i = 0; i < 2; i++)
        expect((await password(b, 'office', 'wrong', ip)).body.error_description).toBe(
          '用户名或密码错误',
        )
      // That client is refused on both processes, even with the right password...
      expect((await password(a, 'office', '123456', ip)).body.error_description).toBe(
        '用户登录失败次数过多',
      )
      expect((await password(b, 'office', '123456', ip)).body.error_description).toBe(
        '用户登录失败次数过多',
      )
      // ...and every other client is asked for the captcha, on both.
      expect((await password(b, 'office', '123456', freshIp())).body.error_description).toBe(
        '登录失败次数过多，请使用验证码登录',
      )
      expect((await password(a, 'office', '123456', freshIp())).body.error_description).toBe(
        '登录失败次数过多，请使用验证码登录',
      )
    })

    it('token requests on A and on B count against one TOKEN_RATE_LIMIT per client IP', async () => {
      const [c, d] = await startServerProcesses(scratch, 2, {
        TOKEN_RATE_LIMIT: '6',
        TRUST_PROXY: '1',
      })
      try {
        const ip = freshIp()
        const statuses: number[] = []
        for (let i = 0; i < 6; i++)
          statuses.push((await password(i % 2 ? c! : d!, 'finance', '123456', ip)).status)
        expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
        expect((await password(c!, 'finance', '123456', ip)).status).toBe(429)
        expect((await password(d!, 'finance', '123456', ip)).status).toBe(429)
        expect((await password(d!, 'finance', '123456', freshIp())).status).toBe(200)
      } finally {
        await Promise.all([c?.kill('SIGKILL'), d?.kill('SIGKILL')])
      }
    }, 120_000)
  })

  describe('security suite against both processes', () => {
    it("another tenant's administrator reads and changes nothing of 000000 through either process; bad tokens get 401 on both", async () => {
      const database = openCachedDatabase(scratch.url)
      try {
        const target = { baseUrls: [a.baseUrl, b.baseUrl], db: database.db }
        const inventory = routeInventory(
          appRoutes(
            appContext({
              db: database.db,
              dialect: database.dialect,
              config: readConfig({}),
              keys: await loadServerKeys(database.db),
              accessCache: database.cache,
            }),
          ),
        )
        const setup = await securitySetup(a.baseUrl, database.db)
        expect(await crossTenantProblems(target, inventory, setup)).toEqual([])
        const forged = await forgedTokens(onA.token, (await loadServerKeys(database.db)).jwtSecret)
        const wrong: string[] = []
        await each(
          inventory.filter((e) => e.access.kind !== 'public'),
          async (e) => {
            for (const token of [undefined, ...Object.values(forged)]) {
              const r = await send(target, e, e.sample, { token })
              if (r.status !== 401) wrong.push(`${e.method} ${e.url} → ${r.status}`)
            }
          },
        )
        expect(wrong).toEqual([])
      } finally {
        await database.close()
      }
    }, 600_000)
  })

  describe('one process killed mid-load', () => {
    it('A is SIGKILLed during 1,000 submits split across A and B: B goes on, every acknowledged write is there once, a replay applies the lost ones once', async () => {
      const seeded = await withDatabase(scratch.url, seededCounts)
      const rows = noticeBatch(1000)
      const targets = [onA, onB]
      let killed: Promise<void> | undefined
      const outcomes = await submitConcurrently(rows, {
        concurrency: 100,
        targetOf: (i) => targets[i % 2]!,
        onAck: (acks) => {
          if (acks === 300) killed = a.kill('SIGKILL')
        },
      })
      await killed
      expect(killed).toBeDefined()
      const lost = outcomes.filter((o) => !acknowledged(o))
      expect(lost.length).toBeGreaterThan(0)
      // Only A's rows went unanswered: B kept acknowledging while A was gone.
      expect(
        outcomes
          .filter((o, i) => i % 2 === 1 && !acknowledged(o))
          .map((o) => `${o.status} ${JSON.stringify(o.body)}`),
      ).toEqual([])
      expect(lost.filter((o) => o.status !== 0)).toEqual([])

      a = await startServerProcess(scratch)
      onA = { baseUrl: a.baseUrl, token: (await loginAs(a.baseUrl, 'admin', 'admin')).access_token }
      const stored = await withDatabase(scratch.url, async (db) => {
        expect(await seededCounts(db)).toEqual(seeded)
        return expectBatchIntact(db, rows, outcomes)
      })
      console.info(
        `[two processes] A killed: ${outcomes.length - lost.length} of ${rows.length} acknowledged, ${stored} stored`,
      )
      const again = [onA, onB]
      await withDatabase(scratch.url, (db) =>
        expectReplayAppliesOnce(db, rows, outcomes, (i) => again[i % 2]!),
      )
    }, 300_000)
  })
})
