// gen-code over real HTTP on SQLite and PostgreSQL: a data model of a fresh table of the server's own
// database, its prototypes ticked, a code module; the preview answers the declaration, the migration
// and the three shared lists with the module's lines, and the zip holds the same files.
import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MASTER_DATASOURCE_ID } from '../../../src/domain/develop/model.ts'
import { BASIC_SABER, call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  codeText,
  PURCHASE_LINE_TABLE,
  PURCHASE_TABLE,
  VISIT_TABLE,
} from '../../../tests/support/codegen-fixtures.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_MODULE_TAKEN, MSG_SUB_COLUMNS, MSG_TREE_COLUMNS } from './gen/index.ts'

type Json = Record<string, unknown>
const API = '/api/blade-develop'

forEachDatabase('gen-code', (dialect) => {
  let s: TestServer
  let admin: string
  let codeId = ''
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    await VISIT_TABLE.execute(s.db)
    const post = async (path: string, json: unknown) => {
      const r = await call(s.baseUrl, 'POST', `${API}${path}`, { token: admin, json })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data as Json & { id: string }
    }
    const model = await post('/model/submit', {
      datasourceId: MASTER_DATASOURCE_ID,
      modelTable: 'dmr_shop_visit',
      modelClass: 'ShopVisit',
      modelName: '门店拜访',
      modelCode: 'shopVisit',
    })
    const offered = (
      await call(s.baseUrl, 'GET', `${API}/model/model-prototype`, {
        token: admin,
        query: { modelId: model.id },
      })
    ).body.data as Json[]
    const comments: Record<string, string> = {
      shop_name: '门店名称',
      visit_count: '拜访次数',
      amount: '金额',
      visit_date: '拜访日期',
      note: '备注',
    }
    await post(
      '/model-prototype/submit-list',
      offered.map((p) => ({
        ...p,
        jdbcComment: comments[String(p.jdbcName)] ?? '',
        isQuery: p.jdbcName === 'shop_name' ? 1 : 0,
        isList: p.jdbcName === 'note' ? 0 : p.isList,
      })),
    )
    codeId = (
      await post('/code/submit', {
        codeName: '门店拜访',
        templateType: 'crud',
        modelId: model.id,
        tablePrefix: 'dmr_',
        pkName: 'id',
        author: 'dmr',
        serviceName: 'dmr-field',
        packageName: 'vn.dmr.field',
      })
    ).id
  })
  afterAll(() => s?.close())

  const gen = (query: Record<string, string>) =>
    call(s.baseUrl, 'POST', `${API}/code/gen-code`, {
      token: admin,
      query: { system: 'saber', ...query },
    })

  it('previews the declaration, the migration and the shared lists with the module’s lines', async () => {
    const r = await gen({ ids: codeId, preview: '1' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const files = new Map(
      (r.body.data as { path: string; content: string }[]).map((f) => [f.path, f.content]),
    )
    expect([...files.keys()].sort()).toEqual([
      'server/db/migrate.ts',
      'server/db/migrations/100-shop-visit.ts',
      'server/seed/menu-data-generated.ts',
      'src/domain/entity-loaders.ts',
      'src/domain/field/shop-visit.ts',
    ])
    const declaration = files.get('src/domain/field/shop-visit.ts')!
    expect(codeText(declaration)).toContain(codeText('export const shopVisit = defineEntity({'))
    expect(codeText(declaration)).toContain(codeText("api: '/dmr-field/shop-visit',"))
    expect(codeText(declaration)).toContain(
      codeText(
        "table: 'dmr_shop_visit',\n  tenant: true,\n  base: true,\n  softDelete: true,\n  permission: 'shop_visit',",
      ),
    )
    expect(codeText(declaration)).toContain(
      codeText(
        "{ name: 'shopName', label: msg`门店名称`, type: 'string', required: msg`请输入门店名称`, maxLength: 64, search: 'like' },",
      ),
    )
    expect(codeText(declaration)).toContain(
      codeText("{ name: 'visitCount', label: msg`拜访次数`, type: 'integer' },"),
    )
    expect(codeText(declaration)).toContain(
      codeText("{ name: 'amount', label: msg`金额`, type: 'number' },"),
    )
    expect(codeText(declaration)).toContain(
      codeText(
        "{ name: 'note', label: msg`备注`, type: 'text', list: false, component: 'textarea', span: 24 },",
      ),
    )
    expect(codeText(declaration)).not.toContain(codeText("'tenantId'"))
    expect(codeText(declaration)).not.toContain(codeText("'version'"))
    expect(codeText(files.get('src/domain/entity-loaders.ts')!)).toContain(
      codeText(
        "\n  shop_visit: () => import('./field/shop-visit.ts').then((m) => m.shopVisit),\n}",
      ),
    )
    expect(codeText(files.get('server/db/migrate.ts')!)).toContain(
      codeText("import * as shopVisitTable from './migrations/100-shop-visit.ts'"),
    )
    expect(codeText(files.get('server/db/migrate.ts')!)).toContain(
      codeText("  '100-shop-visit': shopVisitTable,\n}"),
    )
    expect(codeText(files.get('server/seed/menu-data-generated.ts')!)).toContain(
      codeText(
        "  screen('shop_visit', '门店拜访', 'ShopVisit', '/field/shop-visit', 'IconTable', CRUD),\n]",
      ),
    )
    const migration = files.get('server/db/migrations/100-shop-visit.ts')!
    expect(codeText(migration)).toContain(
      codeText("tenant(id(s.createTable('dmr_shop_visit').ifNotExists()))"),
    )
    expect(codeText(migration)).toContain(
      codeText(".addColumn('shop_name', 'varchar(64)', (c) => c.notNull())"),
    )
    expect(codeText(migration)).toContain(codeText(".addColumn('amount', 'numeric(18, 2)')"))
  })

  it('makes a master with its lines for a sub module: the lines field, and the lines table in its migration', async () => {
    await PURCHASE_TABLE.execute(s.db)
    await PURCHASE_LINE_TABLE.execute(s.db)
    const post = async (path: string, json: unknown) =>
      (await call(s.baseUrl, 'POST', `${API}${path}`, { token: admin, json })).body.data as {
        id: string
      }
    const master = await post('/model/submit', {
      datasourceId: MASTER_DATASOURCE_ID,
      modelTable: 'dmr_shop_purchase',
      modelClass: 'ShopPurchase',
      modelName: '门店采购',
      modelCode: 'shopPurchase',
    })
    const lines = await post('/model/submit', {
      datasourceId: MASTER_DATASOURCE_ID,
      modelTable: 'dmr_shop_purchase_line',
      modelClass: 'ShopPurchaseLine',
      modelName: '采购明细',
      modelCode: 'purchase_lines',
    })
    const module = {
      codeName: '门店采购',
      templateType: 'sub',
      modelId: master.id,
      subModelId: lines.id,
      subFkId: 'purchase_id',
      tablePrefix: 'dmr_',
      pkName: 'id',
      author: 'dmr',
      serviceName: 'dmr-field',
      packageName: 'vn.dmr.field',
    }
    const sub = await post('/code/submit', module)
    const r = await gen({ ids: sub.id, preview: '1' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const files = new Map(
      (r.body.data as { path: string; content: string }[]).map((f) => [f.path, f.content]),
    )
    const declaration = files.get('src/domain/field/shop-purchase.ts')!
    expect(codeText(declaration)).toContain(
      codeText(
        "      name: 'purchaseLines',\n      label: msg`采购明细`,\n      type: 'rows',\n      external: true,\n      lines: { table: 'dmr_shop_purchase_line', owner: 'purchase_id', tenant: true },",
      ),
    )
    expect(codeText(declaration)).toContain(
      codeText(
        "        { name: 'skuNo', label: msg`skuNo`, type: 'string', required: msg`请输入skuNo`, maxLength: 64 },",
      ),
    )
    expect(codeText(declaration)).toContain(
      codeText("        { name: 'quantity', label: msg`quantity`, type: 'integer' },"),
    )
    expect(codeText(declaration)).not.toContain(codeText("name: 'purchaseId'"))
    const migration =
      files.get('server/db/migrations/101-shop-purchase.ts') ??
      files.get('server/db/migrations/100-shop-purchase.ts')!
    expect(codeText(migration)).toContain(
      codeText(
        "tenant(id(s.createTable('dmr_shop_purchase_line').ifNotExists()))\n      .addColumn('purchase_id', 'varchar(20)', (c) => c.notNull())\n      .addColumn('sku_no', 'varchar(64)', (c) => c.notNull())",
      ),
    )
    expect(codeText(migration)).toContain(
      codeText(
        "s.createIndex('dmr_shop_purchase_line_purchase_id_idx').ifNotExists().on('dmr_shop_purchase_line').column('purchase_id')",
      ),
    )
    // A foreign key that is no column of the lines table is refused.
    const wrong = await post('/code/submit', {
      ...module,
      codeName: '门店采购2',
      subFkId: 'order_id',
    })
    expect((await gen({ ids: wrong.id, preview: '1' })).body).toMatchObject({
      code: 400,
      msg: MSG_SUB_COLUMNS,
    })
  })

  it('answers the same files as a zip', async () => {
    const preview = (await gen({ ids: codeId, preview: '1' })).body.data as {
      path: string
      content: string
    }[]
    const res = await fetch(`${s.baseUrl}${API}/code/gen-code?ids=${codeId}&system=saber`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: BASIC_SABER },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(
      Object.fromEntries(Object.entries(zip).map(([path, bytes]) => [path, strFromU8(bytes)])),
    ).toEqual(Object.fromEntries(preview.map((f) => [f.path, f.content])))
  })

  it('gen-code-fast generates a module described in the body, checked as a save, without storing it', async () => {
    const stored = (
      await call(s.baseUrl, 'GET', `${API}/code/detail`, { token: admin, query: { id: codeId } })
    ).body.data as Json
    const before = (
      await call(s.baseUrl, 'GET', `${API}/code/list`, { token: admin, query: { size: '100' } })
    ).body.data.total as number
    const body = {
      codeName: 'fast',
      templateType: 'crud',
      modelId: stored.modelId,
      tablePrefix: 'dmr_',
      pkName: 'id',
      author: 'dmr',
      serviceName: 'dmr-field',
      packageName: 'vn.dmr.field',
    }
    const fast = await call(s.baseUrl, 'POST', `${API}/code/gen-code-fast`, {
      token: admin,
      query: { preview: '1' },
      json: body,
    })
    expect(fast.status, JSON.stringify(fast.body)).toBe(200)
    const saved = (await gen({ ids: codeId, preview: '1' })).body.data
    expect(fast.body.data).toEqual(saved)
    expect(
      (await call(s.baseUrl, 'GET', `${API}/code/list`, { token: admin, query: { size: '100' } }))
        .body.data.total,
    ).toBe(before)
    const bad = await call(s.baseUrl, 'POST', `${API}/code/gen-code-fast`, {
      token: admin,
      query: { preview: '1' },
      json: { ...body, codeName: '' },
    })
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringContaining('请输入模块名称')])
  })

  it('refuses what it cannot generate with a clear 400', async () => {
    const taken = await call(s.baseUrl, 'POST', `${API}/model/submit`, {
      token: admin,
      json: {
        datasourceId: MASTER_DATASOURCE_ID,
        modelTable: 'blade_param',
        modelClass: 'Param',
        modelName: '参数',
        modelCode: 'param',
      },
    })
    const clash = await call(s.baseUrl, 'POST', `${API}/code/submit`, {
      token: admin,
      json: {
        codeName: 'p',
        templateType: 'crud',
        modelId: taken.body.data.id,
        tablePrefix: 'blade_',
        pkName: 'id',
        author: 'a',
      },
    })
    expect((await gen({ ids: clash.body.data.id as string, preview: '1' })).body).toMatchObject({
      code: 400,
      msg: MSG_MODULE_TAKEN('param'),
    })
    const tree = await call(s.baseUrl, 'POST', `${API}/code/submit`, {
      token: admin,
      json: {
        codeName: 't',
        templateType: 'tree',
        modelId: taken.body.data.id,
        tablePrefix: 'b_',
        pkName: 'id',
        author: 'a',
        treeId: 'id',
        treePid: 'parent_id',
        treeName: 'param_name',
      },
    })
    expect((await gen({ ids: tree.body.data.id as string, preview: '1' })).body).toMatchObject({
      code: 400,
      msg: MSG_TREE_COLUMNS,
    })
    const sub = await call(s.baseUrl, 'POST', `${API}/code/submit`, {
      token: admin,
      json: {
        codeName: 's',
        templateType: 'sub',
        modelId: taken.body.data.id,
        subModelId: taken.body.data.id,
        subFkId: 'param_id',
        tablePrefix: 'b_',
        pkName: 'id',
        author: 'a',
      },
    })
    expect((await gen({ ids: sub.body.data.id as string, preview: '1' })).body).toMatchObject({
      code: 400,
      msg: MSG_SUB_COLUMNS,
    })
    expect((await gen({ ids: 'x' })).status).toBe(400)
    expect((await gen({ ids: '12345', preview: '1' })).status).toBe(400)
  })
})
