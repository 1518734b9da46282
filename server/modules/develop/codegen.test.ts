// The code generator's rows over real HTTP on SQLite and PostgreSQL, on the seeded data source
// "master" (this server's own database): tables and columns read from it, models (unique code, the
// table must exist), prototypes filled from the table then saved on their versions, code settings
// (one enabled), code modules (copied from their model and the enabled setting; copy), and what is
// kept while used. Only the platform administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MASTER_DATASOURCE_ID } from '../../../src/domain/develop/model.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_DATASOURCE_GONE } from './codegen-source.ts'
import { MSG_MASTER_KEPT, MSG_MODEL_CODE_TAKEN, MSG_MODEL_USED } from './codegen-rules.ts'
import { MSG_PROTOTYPE_OF_OTHER_MODEL, MSG_PROTOTYPE_TWICE } from './codegen-routes.ts'

type Json = Record<string, unknown>
const API = '/api/blade-develop'

forEachDatabase('code generator rows', (dialect) => {
  let s: TestServer
  let admin: string
  let office: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
  })
  afterAll(() => s?.close())

  const get = (path: string, query: Record<string, string> = {}, token = admin) =>
    call(s.baseUrl, 'GET', `${API}${path}`, { token, query })
  const post = (path: string, json: unknown, token = admin) =>
    call(s.baseUrl, 'POST', `${API}${path}`, { token, json })
  const postQuery = (path: string, query: Record<string, string>) =>
    call(s.baseUrl, 'POST', `${API}${path}`, { token: admin, query })
  const saved = async (path: string, json: Json) => {
    const r = await post(path, json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Json & { id: string; version: number }
  }
  const paramModel = {
    datasourceId: MASTER_DATASOURCE_ID,
    modelTable: 'blade_param',
    modelClass: 'Param',
    modelName: '参数',
    modelCode: 'param',
  }

  describe('tables of the master data source', () => {
    it('lists the server’s own tables, not the internal ones', async () => {
      const r = await get('/model/table-list', { datasourceId: MASTER_DATASOURCE_ID })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const names = (r.body.data as { name: string }[]).map((t) => t.name)
      expect(names).toEqual(expect.arrayContaining(['blade_param', 'blade_user', 'dmr_order']))
      expect(names.filter((n) => n.startsWith('sqlite_') || n.startsWith('kysely_'))).toEqual([])
    })

    it('describes a table’s columns with their properties', async () => {
      const r = await get('/model/table-info', {
        tableName: 'blade_param',
        datasourceId: MASTER_DATASOURCE_ID,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const fields = r.body.data.fields as Json[]
      expect(fields.find((f) => f.name === 'param_key')).toMatchObject({
        propertyName: 'paramKey',
        propertyEntity: 'String',
        nullable: false,
      })
      expect(fields.find((f) => f.name === 'id')).toMatchObject({ primaryKey: true })
      expect(fields.find((f) => f.name === 'version')).toMatchObject({ propertyEntity: 'Integer' })
    })

    it('answers 400 for an unknown table or data source', async () => {
      expect(
        (
          await get('/model/table-info', {
            tableName: 'no_such_table',
            datasourceId: MASTER_DATASOURCE_ID,
          })
        ).body,
      ).toMatchObject({ code: 400, msg: '数据表不存在: no_such_table' })
      expect((await get('/model/table-list', { datasourceId: '12345' })).body).toMatchObject({
        code: 400,
        msg: MSG_DATASOURCE_GONE,
      })
    })
  })

  describe('models and prototypes', () => {
    let modelId = ''
    it('saves a model of an existing table; its code is unique; a missing table is refused', async () => {
      modelId = (await saved('/model/submit', paramModel)).id
      expect(
        (await post('/model/submit', { ...paramModel, modelName: '再一个' })).body,
      ).toMatchObject({ code: 400, msg: MSG_MODEL_CODE_TAKEN('param') })
      expect(
        (
          await post('/model/submit', {
            ...paramModel,
            modelCode: 'nothing',
            modelTable: 'no_such_table',
          })
        ).body,
      ).toMatchObject({ code: 400, msg: '数据表不存在: no_such_table' })
      expect((await post('/model/submit', { modelTable: 'blade_param' })).body.msg).toContain(
        '请选择数据源',
      )
      const models = (await get('/model/select')).body.data as Json[]
      expect(models.map((m) => m.modelCode)).toContain('param')
    })

    it('offers the table’s columns until prototypes are saved, then answers those', async () => {
      const offered = (await get('/model/model-prototype', { modelId })).body.data as Json[]
      const key = offered.find((p) => p.jdbcName === 'param_key')!
      expect(key).toMatchObject({
        modelId,
        propertyName: 'paramKey',
        propertyEntity: 'String',
        isList: 1,
        isForm: 1,
        isRequired: 1,
        componentType: 'input',
        queryType: 'like',
      })
      expect(key.id).toBeUndefined()
      expect(offered.find((p) => p.jdbcName === 'tenant_id')).toMatchObject({
        isList: 0,
        isForm: 0,
      })
      expect((await get('/model-prototype/select', { modelId })).body.data).toEqual([])

      const ticked = offered.map((p) => (p.jdbcName === 'param_key' ? { ...p, isQuery: 1 } : p))
      const first = await post('/model-prototype/submit-list', ticked)
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const stored = (await get('/model-prototype/select', { modelId })).body.data as (Json & {
        id: string
        version: number
      })[]
      expect(stored.map((p) => p.jdbcName)).toEqual(offered.map((p) => p.jdbcName))
      expect(stored.find((p) => p.jdbcName === 'param_key')).toMatchObject({
        isQuery: 1,
        version: 1,
      })
      expect((await get('/model/model-prototype', { modelId })).body.data).toEqual(stored)

      // A list read before a colleague's change is refused, and nothing of it is written.
      const mine = stored
        .filter((p) => p.jdbcName !== 'remark')
        .map((p) => (p.jdbcName === 'param_name' ? { ...p, isQuery: 1 } : p))
      expect(
        (
          await post(
            '/model-prototype/submit-list',
            stored.map((p) => (p.jdbcName === 'param_value' ? { ...p, dictCode: 'yes_no' } : p)),
          )
        ).status,
      ).toBe(200)
      const stale = await post('/model-prototype/submit-list', mine)
      expect([stale.status, stale.body.code]).toEqual([409, 409])
      const now = (await get('/model-prototype/select', { modelId })).body.data as (Json & {
        id: string
        version: number
      })[]
      expect(now.map((p) => p.jdbcName)).toContain('remark')
      expect(now.find((p) => p.jdbcName === 'param_name')).toMatchObject({ isQuery: 0 })
      // On the current versions it goes through: the one left out is removed.
      const current = now
        .filter((p) => p.jdbcName !== 'remark')
        .map((p) => (p.jdbcName === 'param_name' ? { ...p, isQuery: 1 } : p))
      expect((await post('/model-prototype/submit-list', current)).status).toBe(200)
      const after = (await get('/model-prototype/select', { modelId })).body.data as Json[]
      expect(after.map((p) => p.jdbcName)).not.toContain('remark')
      expect(after.find((p) => p.jdbcName === 'param_name')).toMatchObject({ isQuery: 1 })
    })

    it('refuses a bad prototype list with a clear 400 and writes nothing', async () => {
      const before = (await get('/model-prototype/select', { modelId })).body.data as Json[]
      const row = {
        modelId,
        jdbcName: 'x',
        jdbcType: 'varchar(10)',
        propertyName: 'x',
        propertyEntity: 'String',
      }
      expect((await post('/model-prototype/submit-list', [])).status).toBe(400)
      expect((await post('/model-prototype/submit-list', { modelId })).status).toBe(400)
      expect((await post('/model-prototype/submit-list', [row, row])).body).toMatchObject({
        code: 400,
        msg: MSG_PROTOTYPE_TWICE('x'),
      })
      expect(
        (await post('/model-prototype/submit-list', [{ ...row, propertyEntity: 'Float' }])).status,
      ).toBe(400)
      expect(
        (await post('/model-prototype/submit-list', [{ ...row, modelId: '12345' }])).status,
      ).toBe(400)
      expect(
        (
          await post('/model-prototype/submit-list', [
            row,
            { ...row, jdbcName: 'y', propertyName: null },
          ])
        ).status,
      ).toBe(400)
      // A stored row of another model (or none) named by id is refused, not moved over.
      const other = (
        await saved('/model/submit', {
          ...paramModel,
          modelCode: 'paramOther',
          modelName: '参数另一',
        })
      ).id
      expect(
        (
          await post(
            '/model-prototype/submit-list',
            (await get('/model/model-prototype', { modelId: other })).body.data,
          )
        ).status,
      ).toBe(200)
      const theirs = (
        (await get('/model-prototype/select', { modelId: other })).body.data as Json[]
      )[0]!
      expect(
        (
          await post('/model-prototype/submit-list', [
            ...before,
            { ...theirs, modelId, jdbcName: 'z' },
          ])
        ).body,
      ).toMatchObject({ code: 400, msg: MSG_PROTOTYPE_OF_OTHER_MODEL })
      expect(
        (await post('/model-prototype/submit-list', [{ ...row, id: '12345' }])).body,
      ).toMatchObject({ code: 400, msg: MSG_PROTOTYPE_OF_OTHER_MODEL })
      expect((await post('/model-prototype/submit-list', [{ ...row, id: 'x1' }])).status).toBe(400)
      expect((await get('/model-prototype/select', { modelId: other })).body.data).toContainEqual(
        theirs,
      )
      expect((await get('/model-prototype/select', { modelId })).body.data).toEqual(before)
    })
  })

  describe('code settings and code modules', () => {
    it('saves settings disabled; enable turns one on and the others off', async () => {
      const shape = {
        serviceName: 'blade-desk',
        packageName: 'org.springblade.desk',
        baseMode: 2,
        wrapMode: 2,
        feignMode: 1,
        codeStyle: 'saber',
        apiPath: 'server',
        webPath: 'src',
      }
      const a = await saved('/code-setting/submit', { name: 'A', ...shape })
      const b = await saved('/code-setting/submit', {
        name: 'B',
        ...shape,
        serviceName: 'blade-b',
        status: 1,
      })
      expect([a.status, b.status]).toEqual([0, 0])
      expect(
        (await post('/code-setting/submit', { name: 'C', ...shape, packageName: '' })).body.msg,
      ).toContain('请输入包名')
      // The version read goes along: a stale one is refused with the current row and changes nothing.
      const stale = await postQuery('/code-setting/enable', {
        id: a.id,
        version: String(Number(a.version) + 5),
      })
      expect(stale.status).toBe(409)
      expect(stale.body.data).toMatchObject({ id: a.id, status: 0, version: a.version })
      expect((await get('/code-setting/enable-detail')).body.data?.id).toBeUndefined()
      expect(
        (await postQuery('/code-setting/enable', { id: a.id, version: String(a.version) })).status,
      ).toBe(200)
      expect((await get('/code-setting/enable-detail')).body.data).toMatchObject({
        id: a.id,
        status: 1,
        version: Number(a.version) + 1,
      })
      expect(
        (await postQuery('/code-setting/enable', { id: a.id, version: String(a.version) })).status,
      ).toBe(409)
      expect((await postQuery('/code-setting/enable', { id: b.id })).status).toBe(200)
      const rows = (await get('/code-setting/list', { size: '50' })).body.data.records as Json[]
      expect(Object.fromEntries(rows.map((r) => [r.name, r.status]))).toMatchObject({ A: 0, B: 1 })
      expect((await get('/code-setting/enable-detail')).body.data).toMatchObject({
        id: b.id,
        serviceName: 'blade-b',
      })
    })

    it('a code module copies its model and takes the enabled setting’s values left empty; copy names it -copy', async () => {
      const m = await saved('/model/submit', {
        ...paramModel,
        modelCode: 'paramTwo',
        modelName: '参数二',
      })
      const c = await saved('/code/submit', {
        codeName: 'param',
        templateType: 'crud',
        modelId: m.id,
        tablePrefix: 'blade_',
        pkName: 'id',
        author: 'dmr',
        packageName: 'vn.dmr.param',
      })
      expect(c).toMatchObject({
        datasourceId: MASTER_DATASOURCE_ID,
        tableName: 'blade_param',
        modelClass: 'Param',
        modelCode: 'paramTwo',
        serviceName: 'blade-b',
        packageName: 'vn.dmr.param',
        codeStyle: 'saber',
      })
      expect(
        (
          await post('/code/submit', {
            codeName: 'x',
            templateType: 'tree',
            modelId: m.id,
            tablePrefix: 'b_',
            pkName: 'id',
            author: 'a',
          })
        ).body.msg,
      ).toContain('请输入树主键字段')
      expect(
        (await postQuery('/code/copy', { id: c.id, version: String(Number(c.version) + 1) }))
          .status,
      ).toBe(409)
      const copied = await postQuery('/code/copy', { id: c.id, version: String(c.version) })
      expect(copied.status, JSON.stringify(copied.body)).toBe(200)
      // A copy reads its source and leaves it as it was.
      expect((await get('/code/detail', { id: c.id })).body.data).toMatchObject({
        version: c.version,
      })
      expect(copied.body.data).toMatchObject({
        codeName: 'param-copy',
        modelId: m.id,
        tableName: 'blade_param',
        version: 1,
      })
      expect(copied.body.data.id).not.toBe(c.id)

      // A model in use stays; once its modules are gone it goes, its prototypes with it, and an undo brings both back.
      expect((await postQuery('/model/remove', { ids: m.id })).body).toMatchObject({
        code: 400,
        msg: MSG_MODEL_USED,
      })
      await post(
        '/model-prototype/submit-list',
        (await get('/model/model-prototype', { modelId: m.id })).body.data,
      )
      const prototypes = (
        (await get('/model-prototype/select', { modelId: m.id })).body.data as Json[]
      ).length
      expect(prototypes).toBeGreaterThan(3)
      expect(
        (await postQuery('/code/remove', { ids: `${c.id},${String(copied.body.data.id)}` })).status,
      ).toBe(200)
      expect((await postQuery('/model/remove', { ids: m.id })).status).toBe(200)
      expect((await get('/model-prototype/select', { modelId: m.id })).body.data).toEqual([])
      expect((await postQuery('/model/restore', { ids: m.id })).status).toBe(200)
      expect(
        ((await get('/model-prototype/select', { modelId: m.id })).body.data as Json[]).length,
      ).toBe(prototypes)
    })

    it('keeps the master data source, whose connection test answers this server’s database', async () => {
      expect(
        (await postQuery('/datasource/remove', { ids: MASTER_DATASOURCE_ID })).body,
      ).toMatchObject({ code: 400, msg: MSG_MASTER_KEPT })
      const tested = await post('/datasource/test-connection', { id: MASTER_DATASOURCE_ID })
      expect(tested.body.data).toMatchObject({
        connected: true,
        version: expect.stringContaining(dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'),
      })
    })
  })

  it('is the platform administrator’s only', async () => {
    expect(
      (await get('/model/table-list', { datasourceId: MASTER_DATASOURCE_ID }, office)).status,
    ).toBe(403)
    expect((await post('/model-prototype/submit-list', [{}], office)).status).toBe(403)
    expect((await get('/code/list', {}, office)).status).toBe(403)
  })
})
