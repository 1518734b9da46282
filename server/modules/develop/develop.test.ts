import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('data source connection test', (dialect) => {
  let s: TestServer
  let token: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())
  const test = (json: unknown) =>
    call(s.baseUrl, 'POST', '/api/blade-develop/datasource/test-connection', { token, json })

  it('connects to the local PostgreSQL by form values and by a saved id', async () => {
    const form = {
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/postgres',
      username: 'postgres',
      password: '',
    }
    const r = await test(form)
    if (!process.env.CI && r.status !== 200) return // no PostgreSQL here: the PostgreSQL suites are skipped too
    expect(r.body.data.version).toContain('PostgreSQL')
    const saved = await call(s.baseUrl, 'POST', '/api/blade-develop/datasource/submit', {
      token,
      json: { name: 'pg', category: 1, ...form, password: 'x' },
    })
    expect(saved.status).toBe(200)
    expect((await test({ id: saved.body.data.id })).status).toBe(200) // trust auth ignores the password
  })

  it('connects to the local MariaDB (MySQL driver)', async () => {
    const r = await test({
      driverClass: 'com.mysql.cj.jdbc.Driver',
      url: 'jdbc:mysql://127.0.0.1:3306/test',
      username: 'root',
      password: '',
    })
    if (!process.env.CI && r.status !== 200 && String(r.body.msg).includes('ECONNREFUSED')) return
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.version).toContain('MySQL')
  })

  it('connects to a SQLite file and reports a missing one clearly', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ds-')), 'x.db')
    new SQLite(file).close()
    const ok = await test({ driverClass: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` })
    expect(ok.body.data.version).toMatch(/^SQLite \d/)
    const missing = await test({ driverClass: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}.nope` })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('连接失败')
  })

  it('answers 400 for an unsupported driver, a bad URL and missing values', async () => {
    expect(
      (await test({ driverClass: 'dm.jdbc.driver.DmDriver', url: 'jdbc:dm://x' })).body.msg,
    ).toContain('暂不支持')
    expect(
      (await test({ driverClass: 'org.postgresql.Driver', url: 'postgres://wrong' })).status,
    ).toBe(400)
    expect((await test({})).status).toBe(400)
  })
})
