// The code generator end to end on the project itself: the zip of three modules made from fresh
// tables (a single table, a tree, a master with its lines) is applied to a copy of this checkout.
// Its files pass lint and the type-check unchanged; the copy's app builds with the new screens in
// it; the generated suites pass in the copy on the new entities (the entity contract on SQLite and
// PostgreSQL, the list screen's conformance); and the copy's server, started on a new database,
// makes the tables, the menus and their buttons, and answers each module's calls for its administrator.
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MASTER_DATASOURCE_ID } from '../../../src/domain/develop/model.ts'
import {
  AREA_TABLE,
  PURCHASE_LINE_TABLE,
  PURCHASE_TABLE,
  VISIT_TABLE,
} from '../../../tests/support/codegen-fixtures.ts'
import { BASIC_SABER, call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { startServerProcess, type ServerProcess } from '../../../tests/support/server-process.ts'
import { startTestServer, type TestServer } from '../../../tests/support/test-server.ts'

const run = promisify(execFile)
/** This run's environment without Vitest's own variables, which would confuse a Vitest started in the copy. */
const ownEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITEST') && k !== 'TEST_DB_TEMPLATE_TAG',
    ),
  )
const API = '/api/blade-develop'
let s: TestServer
let copy = ''
let server: ServerProcess | undefined
let files: Record<string, string> = {}

beforeAll(async () => {
  s = await startTestServer('sqlite')
  const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  await VISIT_TABLE.execute(s.db)
  const post = async (path: string, json: unknown) =>
    (await call(s.baseUrl, 'POST', `${API}${path}`, { token: admin, json })).body.data as {
      id: string
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
  ).body.data as Record<string, unknown>[]
  await post(
    '/model-prototype/submit-list',
    offered.map((p) => ({ ...p, isQuery: p.jdbcName === 'shop_name' ? 1 : 0 })),
  )
  const code = await post('/code/submit', {
    codeName: '门店拜访',
    templateType: 'crud',
    modelId: model.id,
    tablePrefix: 'dmr_',
    pkName: 'id',
    author: 'dmr',
    serviceName: 'dmr-field',
    packageName: 'vn.dmr.field',
  })
  // And a tree module, generated in the same zip.
  await AREA_TABLE.execute(s.db)
  const areaModel = await post('/model/submit', {
    datasourceId: MASTER_DATASOURCE_ID,
    modelTable: 'dmr_shop_area',
    modelClass: 'ShopArea',
    modelName: '门店区域',
    modelCode: 'shopArea',
  })
  const area = await post('/code/submit', {
    codeName: '门店区域',
    templateType: 'tree',
    modelId: areaModel.id,
    tablePrefix: 'dmr_',
    pkName: 'id',
    author: 'dmr',
    serviceName: 'dmr-field',
    packageName: 'vn.dmr.field',
    treeId: 'id',
    treePid: 'parent_id',
    treeName: 'area_name',
  })
  // And a master with its lines.
  await PURCHASE_TABLE.execute(s.db)
  await PURCHASE_LINE_TABLE.execute(s.db)
  const purchaseModel = await post('/model/submit', {
    datasourceId: MASTER_DATASOURCE_ID,
    modelTable: 'dmr_shop_purchase',
    modelClass: 'ShopPurchase',
    modelName: '门店采购',
    modelCode: 'shopPurchase',
  })
  const lineModel = await post('/model/submit', {
    datasourceId: MASTER_DATASOURCE_ID,
    modelTable: 'dmr_shop_purchase_line',
    modelClass: 'ShopPurchaseLine',
    modelName: '采购明细',
    modelCode: 'purchaseLines',
  })
  const purchase = await post('/code/submit', {
    codeName: '门店采购',
    templateType: 'sub',
    modelId: purchaseModel.id,
    subModelId: lineModel.id,
    subFkId: 'purchase_id',
    tablePrefix: 'dmr_',
    pkName: 'id',
    author: 'dmr',
    serviceName: 'dmr-field',
    packageName: 'vn.dmr.field',
  })
  const res = await fetch(
    `${s.baseUrl}${API}/code/gen-code?ids=${code.id},${area.id},${purchase.id}&system=saber`,
    { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: BASIC_SABER } },
  )
  expect(res.status).toBe(200)
  files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer()))).map(([path, bytes]) => [
      path,
      strFromU8(bytes),
    ]),
  )

  // A copy of the checkout's sources (the packages shared), with the zip applied over it.
  copy = await mkdtemp(join(tmpdir(), 'gen-apply-'))
  for (const entry of [
    'src',
    'server',
    'scripts',
    'tests',
    'bench',
    'sw',
    'public',
    'index.html',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.node.json',
    'tsconfig.sw.json',
    'eslint.config.js',
    'vite.config.ts',
    'lingui.config.ts',
    'postcss.config.cjs',
    '.prettierrc.json',
    '.prettierignore',
  ]) {
    await cp(entry, join(copy, entry), {
      recursive: true,
      filter: (from) => !from.includes('/node_modules'),
    })
  }
  await symlink(join(process.cwd(), 'node_modules'), join(copy, 'node_modules'))
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(copy, path)), { recursive: true })
    await writeFile(join(copy, path), content)
  }
}, 120_000)

afterAll(async () => {
  await server?.kill('SIGTERM')
  await s?.close()
  if (copy) await rm(copy, { recursive: true, force: true })
})

it('passes the layout check, lint and the type-check unchanged', async () => {
  await run(
    process.execPath,
    ['node_modules/prettier/bin/prettier.cjs', '--check', ...Object.keys(files)],
    { cwd: copy },
  )
  await run(
    process.execPath,
    ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...Object.keys(files)],
    { cwd: copy },
  )
  // The generated files and what they import (the loaders reach every declaration).
  await writeFile(
    join(copy, 'tsconfig.generated.json'),
    JSON.stringify({ extends: './tsconfig.node.json', include: Object.keys(files) }),
  )
  await run(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.generated.json'],
    { cwd: copy },
  )
}, 120_000)

it('builds the app with the modules’ screens in it', async () => {
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    cwd: copy,
    env: ownEnv(),
  })
  const chunks = await readdir(join(copy, 'dist', 'assets'))
  const texts = await Promise.all(
    chunks
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFile(join(copy, 'dist', 'assets', f), 'utf8')),
  )
  // Each declaration (loaded by its screen) is in the build, under its API path.
  for (const api of ['/dmr-field/shop-visit', '/dmr-field/shop-area', '/dmr-field/shop-purchase'])
    expect(
      texts.some((t) => t.includes(api)),
      api,
    ).toBe(true)
}, 300_000)

it('passes the generated suites in the copy: the entity contract on both databases and the list screen’s conformance', async () => {
  // One run of both projects (one start of Vitest and its workers, not two).
  const report = join(copy, 'generated-suites.json')
  const names = 'shopVisit|shopArea|shopPurchase'
  const conformance = [1, 2, 3, 4].map((n) => `src/crud/crud-conformance-${n}.test.tsx`)
  const out = await run(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'server',
      '--project',
      'app',
      'tests/contract/entities.test.ts',
      ...conformance,
      '-t',
      `\\b(${names})\\b`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: copy, env: { ...ownEnv(), NO_COLOR: '1' }, maxBuffer: 16 << 20 },
  )
  const results = (
    JSON.parse(await readFile(report, 'utf8')) as {
      testResults: { name: string; assertionResults: { status: string }[] }[]
    }
  ).testResults
  const passed = (file: string) =>
    results
      .filter((r) => r.name.endsWith(file))
      .flatMap((r) => r.assertionResults)
      .filter((t) => t.status === 'passed').length
  const failed = results.flatMap((r) => r.assertionResults).filter((t) => t.status === 'failed')
  expect(failed, out.stdout).toEqual([])
  // The entity contract on the new entities, and one conformance run per generated entity.
  expect(passed('tests/contract/entities.test.ts'), out.stdout).toBeGreaterThan(0)
  expect(
    conformance.reduce((n, f) => n + passed(f), 0),
    out.stdout,
  ).toBe(3)
}, 300_000)

it('runs in the copy: table, menu and the list, add, edit and delete of the module', async () => {
  server = await startServerProcess(
    { url: `sqlite:${join(copy, 'fresh.db')}`, dataDir: join(copy, 'data') },
    {},
    copy,
  )
  const token = (await loginAs(server.baseUrl, 'admin', 'admin')).access_token
  const api = (op: string) => `/api/dmr-field/shop-visit/${op}`
  const routes = await call(server.baseUrl, 'GET', '/api/blade-system/menu/routes', { token })
  expect(JSON.stringify(routes.body.data)).toContain('/field/shop-visit')
  const buttons = await call(server.baseUrl, 'GET', '/api/blade-system/menu/buttons', { token })
  expect(JSON.stringify(buttons.body.data)).toContain('shop_visit_add')

  const added = await call(server.baseUrl, 'POST', api('submit'), {
    token,
    json: { shopName: 'Cửa hàng Quận 1', visitCount: 3, amount: 1250000.5, note: 'first visit' },
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  const id = added.body.data.id as string
  expect(
    (await call(server.baseUrl, 'POST', api('submit'), { token, json: { visitCount: 1 } })).body
      .msg,
  ).toContain('请输入')
  const found = await call(server.baseUrl, 'GET', api('list'), {
    token,
    query: { shopName: 'Quận' },
  })
  expect(found.body.data.records.map((r: { id: string }) => r.id)).toEqual([id])
  const edited = await call(server.baseUrl, 'POST', api('submit'), {
    token,
    json: { id, visitCount: 4, version: added.body.data.version },
  })
  expect([edited.status, edited.body.data.visitCount, edited.body.data.version]).toEqual([
    200, 4, 2,
  ])
  expect(
    (
      await call(server.baseUrl, 'POST', api('submit'), {
        token,
        json: { id, visitCount: 5, version: 1 },
      })
    ).status,
  ).toBe(409)
  expect(
    (await call(server.baseUrl, 'POST', api('remove'), { token, query: { ids: id } })).status,
  ).toBe(200)
  expect((await call(server.baseUrl, 'GET', api('detail'), { token, query: { id } })).status).toBe(
    404,
  )

  // The tree module: its tree for pickers and its rows a level at a time.
  const areas = (op: string) => `/api/dmr-field/shop-area/${op}`
  const south = await call(server.baseUrl, 'POST', areas('submit'), {
    token,
    json: { areaName: 'Miền Nam' },
  })
  expect(south.status, JSON.stringify(south.body)).toBe(200)
  const hcm = await call(server.baseUrl, 'POST', areas('submit'), {
    token,
    json: { areaName: 'TP. Hồ Chí Minh', parentId: south.body.data.id },
  })
  expect(hcm.status, JSON.stringify(hcm.body)).toBe(200)
  const tree = (await call(server.baseUrl, 'GET', areas('tree'), { token })).body.data
  expect(tree).toMatchObject([
    {
      id: south.body.data.id,
      title: 'Miền Nam',
      hasChildren: true,
      children: [{ id: hcm.body.data.id, title: 'TP. Hồ Chí Minh' }],
    },
  ])
  const top = (
    await call(server.baseUrl, 'GET', areas('lazy-list'), { token, query: { parentId: '0' } })
  ).body.data
  expect(top).toMatchObject([{ id: south.body.data.id, areaName: 'Miền Nam', hasChildren: true }])
  const below = (
    await call(server.baseUrl, 'GET', areas('lazy-list'), {
      token,
      query: { parentId: south.body.data.id },
    })
  ).body.data
  expect(below).toMatchObject([{ id: hcm.body.data.id, hasChildren: false }])

  // The master with its lines: saved with it, answered in its detail, replaced by an edit, kept for an undo.
  const purchases = (op: string) => `/api/dmr-field/shop-purchase/${op}`
  const lines = [
    { skuNo: 'SKU-1', quantity: 2, price: 15000.5 },
    { skuNo: 'SKU-2', quantity: 1 },
  ]
  const po = await call(server.baseUrl, 'POST', purchases('submit'), {
    token,
    json: { purchaseNo: 'PO-1', supplier: 'Công ty A', purchaseLines: lines },
  })
  expect(po.status, JSON.stringify(po.body)).toBe(200)
  const poId = po.body.data.id as string
  const base = server.baseUrl
  const detail = async () =>
    (await call(base, 'GET', purchases('detail'), { token, query: { id: poId } })).body.data
  expect((await detail()).purchaseLines).toEqual([
    { skuNo: 'SKU-1', quantity: 2, price: 15000.5 },
    { skuNo: 'SKU-2', quantity: 1, price: null },
  ])
  expect(
    (
      await call(server.baseUrl, 'POST', purchases('submit'), {
        token,
        json: { purchaseNo: 'PO-2', purchaseLines: [{ quantity: 3 }] },
      })
    ).body.msg,
  ).toContain('请输入')
  const replaced = await call(server.baseUrl, 'POST', purchases('submit'), {
    token,
    json: {
      id: poId,
      version: po.body.data.version,
      purchaseLines: [{ skuNo: 'SKU-3', quantity: 7 }],
    },
  })
  expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
  expect((await detail()).purchaseLines).toEqual([{ skuNo: 'SKU-3', quantity: 7, price: null }])
  // An edit without the lines keeps them.
  await call(server.baseUrl, 'POST', purchases('submit'), {
    token,
    json: { id: poId, version: replaced.body.data.version, supplier: 'Công ty B' },
  })
  expect((await detail()).purchaseLines).toHaveLength(1)
  expect(
    (await call(server.baseUrl, 'POST', purchases('remove'), { token, query: { ids: poId } }))
      .status,
  ).toBe(200)
  expect(
    (await call(server.baseUrl, 'POST', purchases('restore'), { token, query: { ids: poId } }))
      .status,
  ).toBe(200)
  expect(await detail()).toMatchObject({
    supplier: 'Công ty B',
    purchaseLines: [{ skuNo: 'SKU-3', quantity: 7 }],
  })
}, 180_000)
