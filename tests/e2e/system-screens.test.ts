// The system screens end to end: in the production build against the real server in
// headless Chromium — users (create with a password, search, edit, view, grant a role, reset the
// password and sign in as the user, delete, bulk delete), a role grant, a child menu in the lazy
// menu tree, and a dictionary with an entry. Each step is checked in the database as well as on screen.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEPT_COMPANY,
  DEPT_WAREHOUSE,
  POST_ACCOUNTANT,
  ROLE_FINANCE,
  ROLE_OUTREACH,
  TENANT_ID,
} from '../../server/seed/ids.ts'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage, signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const dialog = (name?: RegExp) =>
  name ? page.getByRole('dialog', { name }) : page.getByRole('dialog').last()
const row = (text: string, root: Page | Locator = page) =>
  root.getByRole('row').filter({ hasText: text })
const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor()
/** The input of a labelled field (Mantine's required asterisk is part of the label). */
const input = (root: Locator, label: string) =>
  root.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(root.locator('input, textarea'))
const userRow = (account: string) =>
  s.db
    .selectFrom('bladeUser')
    .selectAll()
    .where('account', '=', account)
    .where('tenantId', '=', TENANT_ID)
    .executeTakeFirst()

/** What a read of the database answers once it answers something (a toast may be an earlier one). */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  await expect.poll(read).toBeTruthy()
  return (await read()) as T
}

async function open(path: string) {
  await page.goto(`${s.baseUrl}${path}`)
  await page.locator('table').first().waitFor()
}

/** Picks options of a Mantine select/tree select (multi-selects are closed with Escape) or a checkbox tree. */
async function pick(form: Locator, label: string, options: string[]) {
  // Multiple tree fields are the engine's checkbox trees: filter to each option and check it.
  const tree = form.getByRole('group', { name: label, exact: true })
  if (await tree.count()) {
    for (const o of options) {
      await tree.getByRole('textbox', { name: '输入关键字进行过滤' }).fill(o)
      await tree.getByRole('checkbox', { name: o, exact: true }).check()
    }
    return
  }
  // Multi-selects keep their text input hidden until something is typed: click the box around it.
  await input(form, label)
    .locator('xpath=ancestor::div[contains(@class, "mantine-Input-wrapper")][1]')
    .click()
  // A tree option's name also holds its expand button's label: match the option's text.
  for (const o of options)
    await page
      .getByRole('option')
      .filter({ hasText: new RegExp(`^${o}$`) })
      .click()
  await page.keyboard.press('Escape')
}

async function confirm() {
  await dialog().getByRole('button', { name: '确定' }).click()
}

async function logout() {
  await page.locator('[data-testid="user-menu"]').click()
  await page.getByRole('menuitem').last().click()
  await dialog().getByRole('button').last().click()
  await page.waitForURL(/\/login/)
  // The login page's own captcha call must not be taken for the next login's one.
  await page.goto('about:blank')
}

describe('users', () => {
  it('creates, finds, edits, views, grants, resets, signs in as and deletes a user', async () => {
    await open('/system/user')
    await page.getByRole('button', { name: '新增', exact: true }).click()
    const add = dialog(/新增/)
    await input(add, '登录账号').fill('e2e_user')
    await add.locator('input[type="password"]').fill('Start#123')
    await input(add, '用户昵称').fill('小测')
    await input(add, '用户姓名').fill('测试用户')
    await pick(add, '所属角色', ['达人外联'])
    await pick(add, '所属部门', ['越南电商'])
    await pick(add, '所属岗位', ['会计'])
    await add.getByRole('button', { name: '保存' }).click()
    await toast('新增成功')
    const created = await eventually(() => userRow('e2e_user'))
    expect(created).toMatchObject({
      realName: '测试用户',
      roleId: ROLE_OUTREACH,
      deptId: DEPT_COMPANY,
      postId: POST_ACCOUNTANT,
      isDeleted: 0,
    })
    expect(created?.password).toMatch(/\S{20,}/)
    expect(created?.password).not.toContain('Start#123')

    const search = page.getByRole('search')
    await input(search, '登录账号').fill('e2e_user')
    await input(search, '登录账号').press('Enter')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await row('e2e_user').waitFor()

    await row('e2e_user').getByRole('button', { name: '编辑' }).click()
    const edit = dialog(/编辑/)
    await expect.poll(() => input(edit, '用户姓名').inputValue()).toBe('测试用户')
    // The password is asked for on add only.
    expect(await edit.locator('input[type="password"]').count()).toBe(0)
    await input(edit, '用户姓名').fill('测试用户改')
    await edit.getByRole('button', { name: '修改' }).click()
    await toast('修改成功')
    await expect.poll(async () => (await userRow('e2e_user'))?.realName).toBe('测试用户改')
    expect((await userRow('e2e_user'))?.password).toBe(created?.password)

    await row('e2e_user').getByRole('button', { name: '查看' }).click()
    await dialog(/查看/).getByText('测试用户改').waitFor()
    await page.keyboard.press('Escape')

    await row('e2e_user').getByRole('checkbox').check()
    await page.getByRole('button', { name: '角色配置' }).click()
    const grant = dialog(/角色配置/)
    expect(await grant.getByRole('checkbox', { name: '达人外联' }).isChecked()).toBe(true)
    await grant.getByRole('checkbox', { name: '达人外联' }).uncheck()
    await grant.getByRole('checkbox', { name: '财务', exact: true }).check()
    await grant.getByRole('button', { name: '保存' }).click()
    await toast('操作成功')
    await expect.poll(async () => (await userRow('e2e_user'))?.roleId).toBe(ROLE_FINANCE)
    await row('财务').filter({ hasText: 'e2e_user' }).waitFor()

    await row('e2e_user').getByRole('checkbox').check()
    await page.getByRole('button', { name: '密码重置' }).click()
    await confirm()
    await expect.poll(async () => (await userRow('e2e_user'))?.password).not.toBe(created?.password)

    // Signed in as the user (initial password 123456): the granted role's menu is there.
    await logout()
    await loginThroughPage(page, s, 'e2e_user', '123456')
    const sidebar = page.locator('[data-testid="sidebar"]')
    await sidebar.getByText('财务管理', { exact: true }).waitFor()
    expect(await sidebar.getByText('系统管理', { exact: true }).count()).toBe(0)
    await logout()
    await loginThroughPage(page, s, 'admin', 'admin')

    await open('/system/user?account=e2e_user')
    await row('e2e_user').getByRole('button', { name: '删除' }).click()
    await confirm()
    await toast('删除成功')
    await expect.poll(async () => (await userRow('e2e_user'))?.isDeleted).toBe(1)
  })

  it('deletes two selected users at once', async () => {
    for (const [i, account] of ['bulk_one', 'bulk_two'].entries()) {
      await s.db
        .insertInto('bladeUser')
        .values({
          id: `99000000000000000${i}`,
          tenantId: TENANT_ID,
          code: account,
          account,
          password: 'x',
          name: account,
          realName: account,
          avatar: null,
          email: null,
          phone: null,
          birthday: null,
          sex: null,
          roleId: ROLE_FINANCE,
          deptId: DEPT_WAREHOUSE,
          postId: POST_ACCOUNTANT,
          createUser: null,
          createDept: null,
          createTime: null,
          updateUser: null,
          updateTime: null,
        })
        .execute()
    }
    await open('/system/user?account=bulk_')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2)
    await page.getByRole('checkbox', { name: '全选' }).check()
    await page.getByRole('button', { name: '删除', exact: true }).first().click()
    await confirm()
    await toast('删除成功')
    const deleted = async () =>
      (
        await s.db
          .selectFrom('bladeUser')
          .select('isDeleted')
          .where('account', 'in', ['bulk_one', 'bulk_two'])
          .execute()
      ).map((r) => r.isDeleted)
    await expect.poll(deleted).toEqual([1, 1])
  })
})

it('grants a role a menu through the grant dialog', async () => {
  const post = await s.db
    .selectFrom('bladeMenu')
    .select(['id', 'parentId'])
    .where('code', '=', 'post')
    .executeTakeFirstOrThrow()
  const before = await s.db
    .selectFrom('bladeRoleMenu')
    .select('menuId')
    .where('roleId', '=', ROLE_FINANCE)
    .execute()
  expect(before.map((r) => r.menuId)).not.toContain(post.id)
  await open('/authority/role')
  await row('财务').filter({ hasText: 'finance' }).getByRole('button', { name: '权限设置' }).click()
  const grant = dialog(/角色权限配置/)
  const box = grant.getByRole('checkbox', { name: '岗位管理', exact: true })
  await box.waitFor()
  await box.check()
  await grant.getByRole('button', { name: '保存' }).click()
  await toast('操作成功')
  const held = async () =>
    (
      await s.db
        .selectFrom('bladeRoleMenu')
        .select('menuId')
        .where('roleId', '=', ROLE_FINANCE)
        .execute()
    ).map((r) => r.menuId)
  await expect.poll(held).toContain(post.id)
  const after = await held()
  // The menu, its buttons and its (half-checked) parent join what the role held.
  expect(after).toEqual(
    expect.arrayContaining([post.id, post.parentId, ...before.map((r) => r.menuId)]),
  )
  expect(after.length).toBeGreaterThan(before.length + 1)
})

it('adds a child menu and shows it under its expanded parent', async () => {
  const parent = await s.db
    .selectFrom('bladeMenu')
    .select(['id', 'name'])
    .where('code', '=', 'desk')
    .executeTakeFirstOrThrow()
  await open('/system/menu')
  await row(parent.name).first().getByRole('button', { name: '新增子项' }).click()
  const add = dialog(/新增/)
  await input(add, '菜单名称').fill('端到端菜单')
  await input(add, '路由地址').fill('/desk/e2e')
  await input(add, '菜单编号').fill('e2e_menu')
  await input(add, '菜单别名').fill('e2e')
  await add.getByRole('button', { name: '保存' }).click()
  await toast('新增成功')
  const saved = await eventually(() =>
    s.db.selectFrom('bladeMenu').selectAll().where('code', '=', 'e2e_menu').executeTakeFirst(),
  )
  expect(saved).toMatchObject({
    parentId: parent.id,
    name: '端到端菜单',
    path: '/desk/e2e',
    category: 1,
  })
  await page.getByRole('button', { name: `展开 ${parent.name}` }).click()
  await row('端到端菜单').waitFor()
})

it('adds a dictionary with an entry, edits the entry and deletes it', async () => {
  await open('/system/dict')
  await page.getByRole('button', { name: '新增', exact: true }).click()
  let form = dialog(/新增/)
  await input(form, '字典编号').fill('e2e_dict')
  await input(form, '字典名称').fill('端到端字典')
  await form.getByRole('button', { name: '保存' }).click()
  await toast('新增成功')
  const parent = await eventually(() =>
    s.db.selectFrom('bladeDict').selectAll().where('code', '=', 'e2e_dict').executeTakeFirst(),
  )
  expect(parent).toMatchObject({
    parentId: '0',
    dictKey: '-1',
    dictValue: '端到端字典',
    isSealed: 0,
  })

  const search = page.getByRole('search')
  await input(search, '字典编号').fill('e2e_dict')
  await input(search, '字典编号').press('Enter')
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
  await row('端到端字典').getByRole('button', { name: '字典配置' }).click()
  const drawer = dialog(/字典配置/)
  await drawer.getByTestId('list-empty').waitFor()
  await drawer.getByRole('button', { name: '新增', exact: true }).click()
  form = dialog(/新增/)
  await expect.poll(() => input(form, '字典编号').inputValue()).toBe('e2e_dict')
  await input(form, '字典名称').fill('条目一')
  await input(form, '字典键值').fill('k1')
  await form.getByRole('button', { name: '保存' }).click()
  await toast('新增成功')
  const entry = await eventually(() =>
    s.db.selectFrom('bladeDict').selectAll().where('parentId', '=', parent.id).executeTakeFirst(),
  )
  expect(entry).toMatchObject({
    code: 'e2e_dict',
    dictKey: 'k1',
    dictValue: '条目一',
    isDeleted: 0,
  })

  await row('条目一', drawer).getByRole('button', { name: '编辑' }).click()
  form = dialog(/编辑/)
  await expect.poll(() => input(form, '字典名称').inputValue()).toBe('条目一')
  await input(form, '字典名称').fill('条目二')
  await form.getByRole('button', { name: '修改' }).click()
  await toast('修改成功')
  await row('条目二', drawer).waitFor()
  await expect
    .poll(
      async () =>
        (
          await s.db
            .selectFrom('bladeDict')
            .select('dictValue')
            .where('id', '=', entry.id)
            .executeTakeFirstOrThrow()
        ).dictValue,
    )
    .toBe('条目二')

  await row('条目二', drawer).getByRole('button', { name: '删除' }).click()
  await confirm()
  await toast('删除成功')
  await drawer.getByTestId('list-empty').waitFor()
  await expect
    .poll(
      async () =>
        (
          await s.db
            .selectFrom('bladeDict')
            .select('isDeleted')
            .where('id', '=', entry.id)
            .executeTakeFirstOrThrow()
        ).isDeleted,
    )
    .toBe(1)
  expect(pageErrors).toEqual([])
})
