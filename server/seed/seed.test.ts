import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../auth/password.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { DICT_BIZ } from './dict-biz-data.ts'
import { DICTS } from './dict-data.ts'
import { ROLE_ADMINISTRATOR, ROLE_OFFICE, ROLE_WAREHOUSE } from './ids.ts'
import { flattenMenus } from './menu-flat.ts'
import { ROLE_GRANTS, TOP_MENUS } from './menu-grants.ts'
import { seed } from './index.ts'

const flat = flattenMenus()

describe('seeded menu tree', () => {
  it('has unique codes and every parent present', () => {
    const codes = flat.map((m) => m.code)
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([])
    for (const m of flat) if (m.parentCode) expect(codes, m.code).toContain(m.parentCode)
  })

  it('uses Tabler icons that exist', () => {
    for (const m of flat)
      expect(
        existsSync(`node_modules/@tabler/icons-react/dist/esm/icons/${m.source}.mjs`),
        `${m.code}: ${m.source}`,
      ).toBe(true)
  })

  it('has a screen for every area of docs/product.md §1', () => {
    const screens = [
      'notice',
      'tenant',
      'tenant_package',
      'tenant_data_source',
      'user',
      'role',
      'topmenu',
      'menu',
      'dept',
      'post',
      'region',
      'dict',
      'dict_biz',
      'dict_horizontal',
      'dict_vertical',
      'data_scope',
      'api_scope',
      'param',
      'client',
      'attach',
      'oss',
      'sms',
      'datasource',
      'log_usual',
      'log_api',
      'log_error',
      'report_rest',
      'model',
      'code_setting',
      'code',
      'job_server',
      'job',
      'flow_model',
      'flow_manager',
      'flow_follow',
      'flow_diagram',
      'work_start',
      'work_claim',
      'work_todo',
      'work_send',
      'work_done',
      'leave',
      'product',
      'order',
      'tk_order',
      'tk_order_month',
      'tk_fee',
      'fee_option',
      'gift_detail',
      'gift_total',
      'gift_anchor_total',
      'gift_user_total',
      'gift_item_total',
      'kol',
      'kol_file',
      'cooperate_info',
      'kol_quotation',
      'employee',
      'salary_month',
      'salary',
      'salary_detail',
      'salary_cs',
      'salary_mcn',
      'reconciliation_statement',
      'reconciliation_detail',
      'stock_taking',
      'stock_detail',
      'stock_detail_total',
    ]
    const menus = flat.filter((m) => m.category === 1)
    for (const code of screens)
      expect(menus.find((m) => m.code === code)?.path, code).toMatch(/^\//)
    for (const code of [
      'user_role',
      'user_reset',
      'user_unlock',
      'user_audit',
      'user_import',
      'user_export',
      'user_platform',
      'role_grant',
      'topmenu_setting',
      'data_scope_setting',
      'api_scope_setting',
      'oss_enable',
      'sms_enable',
      'sms_send',
      'code_setting_enable',
      'code_gen',
      'job_run',
      'job_change',
      'tenant_setting',
      'tenant_datasource',
      'tenant_package_setting',
      'tenant_recycle',
      'tenant_pass',
      'product_export',
      'stock_taking_export',
    ]) {
      expect(flat.find((m) => m.code === code)?.category, code).toBe(2)
    }
  })

  it('groups every top-level folder under exactly one top menu and grants only known codes', () => {
    const roots = flat.filter((m) => !m.parentCode).map((m) => m.code)
    expect(TOP_MENUS.flatMap((t) => t.menus).sort()).toEqual([...roots].sort())
    for (const g of Object.values(ROLE_GRANTS).flat())
      expect(flat.map((m) => m.code)).toContain(g.code)
  })

  it('seals the plain dictionaries and keys business ones by strings', () => {
    expect(DICTS.map((d) => d.code)).toEqual(
      expect.arrayContaining([
        'yes_no',
        'sex',
        'datasource_category',
        'menu_category',
        'button_func',
        'data_scope_type',
        'api_scope_type',
        'post_category',
        'notice',
        'region',
      ]),
    )
    for (const d of DICTS) for (const [k] of d.entries) expect(k, d.code).toMatch(/^\d+$/)
    expect(DICT_BIZ.find((d) => d.code === 'kol_contact_status')?.entries[0]?.[0]).toBe('created')
  })
})

forEachDatabase('seed', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  const counts = async () => ({
    menus: (await s.db.selectFrom('bladeMenu').select('id').execute()).length,
    grants: (await s.db.selectFrom('bladeRoleMenu').select('id').execute()).length,
    topMenus: (await s.db.selectFrom('bladeTopMenu').select('id').execute()).length,
    topSettings: (await s.db.selectFrom('bladeTopMenuSetting').select('id').execute()).length,
    dicts: (await s.db.selectFrom('bladeDict').select('id').execute()).length,
    dictBiz: (await s.db.selectFrom('bladeDictBiz').select('id').execute()).length,
    users: (await s.db.selectFrom('bladeUser').select('id').execute()).length,
    roles: (await s.db.selectFrom('bladeRole').select('id').execute()).length,
    depts: (await s.db.selectFrom('bladeDept').select('id').execute()).length,
    posts: (await s.db.selectFrom('bladePost').select('id').execute()).length,
    notices: (await s.db.selectFrom('bladeNotice').select('id').execute()).length,
  })

  it('seeds every row once and nothing more on a second run', async () => {
    const before = await counts()
    expect(before).toMatchObject({
      menus: flat.length,
      topMenus: 3,
      users: 5,
      roles: 5,
      depts: 5,
      posts: 6,
      notices: 2,
    })
    expect(before.dicts).toBe(DICTS.reduce((n, d) => n + 1 + d.entries.length, 0))
    expect(before.dictBiz).toBe(DICT_BIZ.reduce((n, d) => n + 1 + d.entries.length, 0))
    await seed(s.db, s.config)
    expect(await counts()).toEqual(before)
  })

  it('gives working users the password 123456 and their role', async () => {
    const u = await s.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('account', '=', 'warehouse')
      .executeTakeFirstOrThrow()
    expect(u).toMatchObject({ roleId: ROLE_WAREHOUSE, tenantId: '000000' })
    expect(u.phone).toMatch(/^\d{11}$/)
    expect(await verifyPassword('123456', u.password)).toBe(true)
  })

  it('does not bring back a grant an administrator revoked', async () => {
    const notice = await s.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'notice')
      .executeTakeFirstOrThrow()
    const revoke = () =>
      s.db
        .deleteFrom('bladeRoleMenu')
        .where('roleId', '=', ROLE_OFFICE)
        .where('menuId', '=', notice.id)
        .execute()
    const has = async () =>
      !!(await s.db
        .selectFrom('bladeRoleMenu')
        .select('id')
        .where('roleId', '=', ROLE_OFFICE)
        .where('menuId', '=', notice.id)
        .executeTakeFirst())
    expect(await has()).toBe(true)
    await revoke()
    await seed(s.db, s.config)
    expect(await has()).toBe(false)
  })

  it('gives a seeded top menu without an English name (a database from before migration 012) its name, and leaves a set one', async () => {
    const alias = async (code: string) =>
      (
        await s.db
          .selectFrom('bladeTopMenu')
          .select('alias')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).alias
    await s.db
      .updateTable('bladeTopMenu')
      .set({ alias: null })
      .where('code', '=', 'system')
      .execute()
    await s.db
      .updateTable('bladeTopMenu')
      .set({ alias: 'Tools' })
      .where('code', '=', 'develop')
      .execute()
    await seed(s.db, s.config)
    expect(await alias('system')).toBe('System')
    expect(await alias('develop')).toBe('Tools')
  })

  it('adds a menu missing from the database with its grants and top-menu link, as a new release would', async () => {
    const menu = await s.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'stock_detail_total')
      .executeTakeFirstOrThrow()
    await s.db.deleteFrom('bladeMenu').where('id', '=', menu.id).execute()
    await s.db.deleteFrom('bladeRoleMenu').where('menuId', '=', menu.id).execute()
    await s.db.deleteFrom('bladeTopMenuSetting').where('menuId', '=', menu.id).execute()
    await seed(s.db, s.config)
    const again = await s.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'stock_detail_total')
      .executeTakeFirstOrThrow()
    expect(again.id).toBe(menu.id)
    const roles = await s.db
      .selectFrom('bladeRoleMenu')
      .select('roleId')
      .where('menuId', '=', menu.id)
      .execute()
    expect(roles.map((r) => r.roleId).sort()).toEqual([ROLE_ADMINISTRATOR, ROLE_WAREHOUSE].sort())
    expect(
      await s.db
        .selectFrom('bladeTopMenuSetting')
        .select('id')
        .where('menuId', '=', menu.id)
        .execute(),
    ).toHaveLength(1)
  })
})
