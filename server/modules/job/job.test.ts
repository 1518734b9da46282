// Scheduled jobs over real HTTP on SQLite and PostgreSQL: the seeded embedded job server, the write-
// only app password, job info with PowerJob's defaults and its refusals (CRON, rates, workflow,
// MapReduce, external processors, processor settings), the next trigger times, a job run
// now through the built-in http processor with its instance and log lines, a CRON job that fires by
// itself and stops firing when paused, the instance calls, and an alert notice once failures reach
// the threshold.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Kysely } from 'kysely'
import { expect, it, vi } from 'vitest'
import { EMBEDDED_JOB_SERVER_ID } from '../../../src/domain/job/job-server.ts'
import { MSG_DISABLED } from '../../engines/scheduler/engine.ts'
import { STATUS_FAILED, STATUS_SUCCEEDED, type SchedulerTables } from '../../db/schema-scheduler.ts'
import { formatDateTime } from '../../core/dates.ts'
import { call } from '../../../tests/support/http.ts'
import { forEachDatabase, serverWithAdmin } from '../../../tests/support/test-server.ts'
import { MSG_EMBEDDED_KEPT } from './index.ts'
import {
  MSG_EXTERNAL,
  MSG_EXTERNAL_SERVER,
  MSG_MAP_REDUCE,
  MSG_PROCESSOR,
  MSG_WORKFLOW,
} from './job-rules.ts'

const servers = (op: string) => `/api/blade-job/job-server/${op}`
const jobs = (op: string) => `/api/blade-job/job-info/${op}`
const instances = (op: string) => `/api/blade-job/job-instance/${op}`

const httpJob = {
  jobServerId: EMBEDDED_JOB_SERVER_ID,
  jobName: 'read params',
  timeExpressionType: 1,
  processorInfo: 'http',
  jobParams: JSON.stringify({ method: 'GET', url: '/blade-system/param/list?current=1&size=2' }),
}

forEachDatabase('scheduled jobs', (dialect) => {
  const t = serverWithAdmin(dialect)
  const post = (path: string, opts: { query?: Record<string, string>; json?: unknown }) =>
    call(t.s.baseUrl, 'POST', path, { token: t.admin, ...opts })
  const get = (path: string, query: Record<string, string> = {}) =>
    call(t.s.baseUrl, 'GET', path, { token: t.admin, query })
  const jobCount = async () =>
    (
      await t.s.db
        .selectFrom('bladeJobInfo' as never)
        .select('id' as never)
        .execute()
    ).length
  const refused = async (json: Record<string, unknown>, message: string) => {
    const before = await jobCount()
    const r = await post(jobs('submit'), { json: { ...httpJob, ...json } })
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    expect(r.body.msg).toContain(message)
    expect(await jobCount()).toBe(before)
  }
  const submitted = async (json: Record<string, unknown>) => {
    const r = await post(jobs('submit'), { json })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { id: string }
  }
  const instancesOf = async (jobId: string) =>
    (await get(instances('list'), { jobId, current: '1', size: '50' })).body.data as {
      total: number
      records: Record<string, unknown>[]
    }

  it('seed the embedded scheduler as the default job server, which syncs its state and is kept', async () => {
    const select = await get(servers('select'))
    expect(select.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: EMBEDDED_JOB_SERVER_ID, jobServerName: '内置调度器' }),
      ]),
    )
    const sync = await post(servers('sync'), { query: { id: EMBEDDED_JOB_SERVER_ID } })
    expect(sync.status, JSON.stringify(sync.body)).toBe(200)
    expect(sync.body.data).toMatchObject({ running: true })
    const remove = await post(servers('remove'), { query: { ids: EMBEDDED_JOB_SERVER_ID } })
    expect(remove.status).toBe(400)
    expect(remove.body.msg).toContain(MSG_EMBEDDED_KEPT)
  })

  it('keep a job server’s app password write-only', async () => {
    const missing = await post(servers('submit'), {
      json: { jobServerName: 'PowerJob', jobServerUrl: 'http://10.0.0.5:7700', jobAppName: 'shop' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('请输入应用密码')
    const made = await post(servers('submit'), {
      json: {
        jobServerName: 'PowerJob',
        jobServerUrl: 'http://10.0.0.5:7700',
        jobAppName: 'shop',
        jobAppPassword: 'p0werjob!',
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const id = made.body.data.id as string
    const renamed = await post(servers('submit'), {
      json: { id, jobServerName: 'PowerJob 2', jobAppPassword: '' },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const detail = await get(servers('detail'), { id })
    expect(detail.body.data).toMatchObject({
      jobServerName: 'PowerJob 2',
      secretsSet: ['jobAppPassword'],
    })
    expect(JSON.stringify(detail.body)).not.toContain('p0werjob!')
    expect(JSON.stringify((await get(servers('list'))).body)).not.toContain('p0werjob!')
  })

  it('sync an external PowerJob server by asking it for the app, and run no job there', async () => {
    // A PowerJob server's OpenAPI as it answers: form fields appName and password, a ResultDTO back.
    const powerJob = createServer((req, res) => {
      let text = ''
      req.on('data', (d) => (text += String(d)))
      req.on('end', () => {
        const form = new URLSearchParams(text)
        if (req.method !== 'POST' || req.url !== '/pj/openApi/assert')
          return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')
        const known = form.get('appName') === 'shop' && form.get('password') === 'p0werjob!'
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              known
                ? { success: true, data: 42 }
                : { success: false, message: 'app or password is wrong' },
            ),
          )
      })
    })
    await new Promise<void>((resolve) => powerJob.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(powerJob.address() as AddressInfo).port}`
    try {
      const badUrl = await post(servers('submit'), {
        json: {
          jobServerName: 'FTP',
          jobServerUrl: 'ftp://10.0.0.5',
          jobAppName: 'shop',
          jobAppPassword: 'x',
        },
      })
      expect(badUrl.status).toBe(400)
      expect(badUrl.body.msg).toContain('服务地址须以 http:// 或 https:// 开头')
      const made = await post(servers('submit'), {
        json: {
          jobServerName: 'PowerJob',
          jobServerUrl: `${origin}/pj`,
          jobAppName: 'shop',
          jobAppPassword: 'p0werjob!',
        },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const id = made.body.data.id as string
      const synced = await post(servers('sync'), { query: { id } })
      expect(synced.status, JSON.stringify(synced.body)).toBe(200)
      expect(synced.body.data).toEqual({ running: true, external: true, appId: '42' })

      await post(servers('submit'), { json: { id, jobAppPassword: 'wrong' } })
      const refusedApp = await post(servers('sync'), { query: { id } })
      expect([refusedApp.status, refusedApp.body.msg]).toEqual([
        400,
        '任务服务拒绝了应用验证: app or password is wrong',
      ])
      await post(servers('submit'), { json: { id, jobServerUrl: `${origin}/elsewhere` } })
      const notPowerJob = await post(servers('sync'), { query: { id } })
      expect([notPowerJob.status, notPowerJob.body.msg]).toEqual([
        400,
        '任务服务的应答不是 PowerJob 的格式: HTTP 404',
      ])
      // A port nobody listens on (the fake server's, once closed).
      await new Promise<void>((resolve) => powerJob.close(() => resolve()))
      const gone = await post(servers('sync'), { query: { id } })
      expect([gone.status, gone.body.msg]).toEqual([400, `无法连接任务服务: ${origin}`])

      await refused({ jobServerId: id }, MSG_EXTERNAL_SERVER)
    } finally {
      powerJob.close()
    }
  })

  it('store a job with PowerJob’s defaults and plan its next trigger', async () => {
    const job = await submitted({
      jobServerId: EMBEDDED_JOB_SERVER_ID,
      jobName: 'nightly purge',
      timeExpression: '0 0 3 * * *',
      processorInfo: 'purge-logs',
      jobParams: '{"days":90}',
    })
    const detail = (await get(jobs('detail'), { id: job.id })).body.data
    expect(detail).toMatchObject({
      timeExpressionType: 2,
      executeType: 1,
      processorType: 1,
      dispatchStrategy: 1,
      enable: 1,
      maxInstanceNum: 0,
      concurrency: 5,
      instanceRetryNum: 0,
      taskRetryNum: 1,
      logType: 1,
      logLevel: 2,
    })
    expect(Number(detail.nextTriggerTime)).toBeGreaterThan(Date.now())
    const page = await get(jobs('list'), { jobName: 'nightly' })
    expect(page.body.data.records.map((r: { id: string }) => r.id)).toContain(job.id)
  })

  it('refuse what the scheduler cannot run, with a clear 400 and nothing written', async () => {
    await refused({ timeExpressionType: 2, timeExpression: '61 * * * *' }, 'CRON 表达式无效')
    await refused({ timeExpressionType: 2, timeExpression: '' }, '请填写 CRON 表达式')
    await refused(
      { timeExpressionType: 2, timeExpression: '0 * * * * *', timeZone: 'Mars/Base' },
      '时区无效',
    )
    await refused({ timeExpressionType: 3, timeExpression: '500' }, '毫秒数')
    await refused({ timeExpressionType: 5 }, MSG_WORKFLOW)
    await refused(
      { lifecycle: '2026-03-02 00:00:00,2026-03-01 00:00:00' },
      '结束时间须晚于开始时间',
    )
    await refused({ executeType: 3 }, MSG_MAP_REDUCE)
    await refused({ processorType: 4, processorInfo: 'com.example.MyProcessor' }, MSG_EXTERNAL)
    await refused({ processorInfo: 'shell' }, MSG_PROCESSOR)
    await refused({ jobParams: 'not json' }, '任务参数须为 JSON 对象')
    await refused(
      {
        processorInfo: 'sql',
        jobParams: JSON.stringify({ datasourceId: '1', query: 'delete from blade_user' }),
      },
      '只读',
    )
    await refused(
      {
        processorInfo: 'sql',
        jobParams: JSON.stringify({ datasourceId: '1', query: 'select 1; drop table x' }),
      },
      '一条语句',
    )
    await refused(
      { processorInfo: 'http', jobParams: JSON.stringify({ url: 'https://evil.example.com/' }) },
      '接口路径',
    )
    await refused({ jobServerId: '123456789' }, '任务应用不存在')
    await refused({ maxInstanceNum: -1 }, '最大实例数')
  })

  it('show the next five trigger times of a timing, or why there are none', async () => {
    const r = await get(jobs('next-triggers'), {
      timeExpressionType: '2',
      timeExpression: '0 30 8 * * *',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toHaveLength(5)
    // 08:30 in Asia/Ho_Chi_Minh, written in server time.
    const hcm = new Date(
      Date.parse(`${String(r.body.data[0]).replace(' ', 'T')}`),
    ).toLocaleTimeString('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' })
    expect(hcm).toBe('08:30:00')
    const bad = await get(jobs('next-triggers'), {
      timeExpressionType: '2',
      timeExpression: 'every day',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('CRON 表达式无效')
  })

  it('run a job now: the http processor calls this server as the account, and the instance keeps its log', async () => {
    const job = await submitted(httpJob)
    const run = await post(jobs('run'), { query: { id: job.id } })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    const instanceId = run.body.data.instanceId as string
    await t.s.app.jobScheduler.idle()
    const list = await instancesOf(job.id)
    expect(list.total).toBe(1)
    expect(list.records[0]).toMatchObject({ id: instanceId, status: STATUS_SUCCEEDED, attempt: 1 })
    expect(String(list.records[0]!.result)).toContain('HTTP 200')
    const detail = (await get(instances('detail'), { id: instanceId })).body.data
    expect(detail.logs.map((l: { content: string }) => l.content).join('\n')).toContain(
      'GET /api/blade-system/param/list',
    )
    expect(typeof detail.duration).toBe('number')
    const stop = await post(instances('stop'), { query: { id: instanceId } })
    expect(stop.status).toBe(400)
    expect((await post(instances('stop'), { query: { id: '987654321' } })).status).toBe(404)
  })

  it('purge-logs deletes the tenant’s logs and ended instances older than its days, and keeps the newer ones', async () => {
    const logRow = (id: string, createTime: string) => ({
      id,
      tenantId: '000000',
      serviceId: null,
      serverIp: null,
      serverHost: null,
      env: null,
      remoteIp: null,
      userAgent: null,
      requestUri: '/job-purge-test',
      method: 'GET',
      methodClass: null,
      methodName: null,
      params: null,
      time: null,
      createBy: 'admin',
      createTime,
      logLevel: 'INFO',
      logId: null,
      logData: null,
    })
    await t.s.db
      .insertInto('bladeLogUsual')
      .values([
        logRow('7700000000000000001', '2001-01-01 00:00:00'),
        logRow('7700000000000000002', formatDateTime(new Date())),
      ])
      .execute()
    // An instance of another job that ended long ago, with a log line.
    const old = await submitted({ ...httpJob, jobName: 'long ago' })
    const jobDb = t.s.db as unknown as Kysely<SchedulerTables>
    await jobDb
      .insertInto('bladeJobInstance')
      .values({
        id: '7700000000000000010',
        tenantId: '000000',
        jobId: old.id,
        triggerKey: 'purge-test',
        triggerType: 1,
        status: STATUS_SUCCEEDED,
        triggerTime: 978307200000,
        startTime: 978307200000,
        endTime: 978307201000,
        attempt: 1,
        result: 'ok',
        worker: null,
        heartbeat: null,
      })
      .execute()
    await jobDb
      .insertInto('bladeJobInstanceLog')
      .values({
        id: '7700000000000000011',
        instanceId: '7700000000000000010',
        logTime: 978307200000,
        logLevel: 2,
        content: 'old line',
      })
      .execute()

    const purge = await submitted({
      jobServerId: EMBEDDED_JOB_SERVER_ID,
      jobName: 'purge now',
      timeExpressionType: 1,
      processorInfo: 'purge-logs',
      jobParams: '{"days":30}',
    })
    expect((await post(jobs('run'), { query: { id: purge.id } })).status).toBe(200)
    await t.s.app.jobScheduler.idle()
    const [run] = (await instancesOf(purge.id)).records
    expect(run).toMatchObject({ status: STATUS_SUCCEEDED })
    expect(String(run!.result)).toMatch(/^logs [1-9]\d*, instances 1$/)
    const usual = await t.s.db
      .selectFrom('bladeLogUsual')
      .select('id')
      .where('requestUri', '=', '/job-purge-test')
      .execute()
    expect(usual.map((r) => String(r.id))).toEqual(['7700000000000000002'])
    expect(
      await jobDb
        .selectFrom('bladeJobInstance')
        .select('id')
        .where('id', '=', '7700000000000000010')
        .execute(),
    ).toEqual([])
    expect(
      await jobDb
        .selectFrom('bladeJobInstanceLog')
        .select('id')
        .where('instanceId', '=', '7700000000000000010')
        .execute(),
    ).toEqual([])
  })

  it('alert through a notice of the tenant, naming the alert users, once the failures reach the threshold', async () => {
    const admin = await t.s.db
      .selectFrom('bladeUser')
      .select(['id', 'realName'])
      .where('account', '=', 'admin')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow()
    const job = await submitted({
      ...httpJob,
      jobName: 'alerting job',
      jobParams: JSON.stringify({
        method: 'GET',
        url: '/blade-system/param/detail?id=not-a-number',
      }),
      alertThreshold: 2,
      statisticWindowLen: 3600,
      silenceWindowLen: 3600,
      notifyUserIds: admin.id,
    })
    const alerts = () =>
      t.s.db
        .selectFrom('bladeNotice')
        .select(['title', 'content', 'category'])
        .where('tenantId', '=', '000000')
        .where('title', '=', '任务报警：alerting job')
        .execute()
    for (let i = 1; i <= 3; i++) {
      expect((await post(jobs('run'), { query: { id: job.id } })).status).toBe(200)
      await t.s.app.jobScheduler.idle()
      expect(await alerts()).toHaveLength(i < 2 ? 0 : 1)
    }
    expect((await instancesOf(job.id)).records.map((r) => r.status)).toEqual([
      STATUS_FAILED,
      STATUS_FAILED,
      STATUS_FAILED,
    ])
    const [notice] = await alerts()
    expect(notice!.category).toBe(6)
    expect(notice!.content).toContain('失败 2 次，达到报警阈值 2')
    expect(notice!.content).toContain(`报警用户：${admin.realName}`)
  })

  it('fire a CRON job by itself, and never again once paused; a paused job is not run on demand', async () => {
    const job = await submitted({
      ...httpJob,
      jobName: 'every second',
      timeExpressionType: 2,
      timeExpression: '* * * * * *',
    })
    // The scheduler fires within a second or two; a busy machine may take far longer to get to it.
    await vi.waitFor(async () => expect((await instancesOf(job.id)).total).toBeGreaterThan(0), {
      timeout: 60_000,
      interval: 200,
    })
    const paused = await post(jobs('change'), { query: { id: job.id, enable: '0' } })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    const scheduler = t.s.app.jobScheduler
    await scheduler.tick()
    await scheduler.idle()
    const fired = (await instancesOf(job.id)).total
    // Two later seconds' triggers pass while it is paused.
    await new Promise((r) => setTimeout(r, 2100))
    await scheduler.tick()
    expect((await instancesOf(job.id)).total).toBe(fired)
    const run = await post(jobs('run'), { query: { id: job.id } })
    expect(run.status).toBe(400)
    expect(run.body.msg).toContain(MSG_DISABLED)
    expect((await get(jobs('detail'), { id: job.id })).body.data).toMatchObject({ enable: 0 })
  })

  it('sync plans every job of the tenant and gives each its job id', async () => {
    const job = await submitted({ ...httpJob, jobName: 'to sync' })
    const r = await post(jobs('sync'), { json: {} })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect((await get(jobs('detail'), { id: job.id })).body.data).toMatchObject({ jobId: job.id })
    expect((await post(jobs('sync'), { json: { id: job.id } })).body.data).toEqual({ synced: 1 })
    expect((await post(jobs('sync'), { json: { id: { a: 1 } } })).status).toBe(400)
  })
})
