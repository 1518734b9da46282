// Regions: the tree loads the top level, then a region's children only when it is expanded
// (lazy-tree?parentCode=); the panel shows the chosen region and its children; add-child posts the
// parent code; deleting a region with children shows the server's refusal.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setNotifier } from '@/api/http'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import RegionScreen from './region-screen'

const R = `${API}/blade-system/region`
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const node = (code: string, name: string, parent: string, hasChildren: boolean) => ({
  id: code,
  parentId: parent,
  title: name,
  key: code,
  value: code,
  hasChildren,
})
const ROWS: Record<
  string,
  {
    code: string
    name: string
    parentCode: string
    level: number
    sort: number
    ancestors: string
  }[]
> = {
  '0': [{ code: '00', name: '越南', parentCode: '0', level: 0, sort: 1, ancestors: '0' }],
  '00': [
    { code: '01', name: '河内市', parentCode: '00', level: 1, sort: 1, ancestors: '0,00' },
    { code: '79', name: '胡志明市', parentCode: '00', level: 1, sort: 2, ancestors: '0,00' },
  ],
}
const treeCalls: (string | null)[] = []
const posts: { verb: string; query: Record<string, string>; body?: unknown }[] = []
const toasts: string[] = []

setupMsw(
  mock.get(`${R}/lazy-tree`, ({ request }) => {
    const parent = new URL(request.url).searchParams.get('parentCode')
    treeCalls.push(parent)
    return ok(
      (ROWS[parent ?? '0'] ?? []).map((r) => node(r.code, r.name, r.parentCode, !!ROWS[r.code])),
    )
  }),
  mock.get(`${R}/lazy-list`, ({ request }) =>
    ok(ROWS[new URL(request.url).searchParams.get('parentCode') ?? '0'] ?? []),
  ),
  mock.get(`${R}/detail`, ({ request }) => {
    const code = new URL(request.url).searchParams.get('code')
    const row = Object.values(ROWS)
      .flat()
      .find((r) => r.code === code)
    return ok({ ...row, parentName: row?.parentCode === '0' ? '顶级' : '越南' })
  }),
  mock.post(`${R}/submit`, async ({ request }) => {
    const body = await request.json()
    posts.push({ verb: 'submit', query: {}, body })
    return ok(body)
  }),
  mock.post(`${R}/remove`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    posts.push({ verb: 'remove', query })
    return ROWS[query.id]
      ? HttpResponse.json(
          { code: 400, success: false, data: null, msg: '请先删除子节点!' },
          { status: 400 },
        )
      : ok(null)
  }),
)

beforeEach(() => {
  treeCalls.length = 0
  posts.length = 0
  toasts.length = 0
  setNotifier((message) => toasts.push(message))
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '5' })
  sessionStore.setPermission({ region_add: true, region_edit: true, region_delete: true })
})
afterEach(() => {
  notifications.clean()
  setNotifier()
})

describe('region screen', () => {
  it('loads children lazily, shows the chosen region and adds a child under it', async () => {
    const u = userEvent.setup()
    renderScreen(RegionScreen)
    const tree = await screen.findByRole('tree')
    await within(tree).findByText('越南')
    expect(treeCalls).toEqual([null])
    await u.click(within(tree).getByRole('button', { name: '展开' }))
    await within(tree).findByText('河内市')
    expect(treeCalls).toEqual([null, '00'])
    await u.click(within(tree).getByText('越南'))
    const detail = await screen.findByTestId('region-detail')
    expect(within(detail).getByText('顶级')).toBeTruthy()
    const children = screen.getByRole('table', { name: '下级区划' })
    expect(await within(children).findByText('胡志明市')).toBeTruthy()

    await u.click(screen.getByRole('button', { name: '新增下级' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      (within(dialog).getByRole('textbox', { name: /上级区划编号/ }) as HTMLInputElement).value,
    ).toBe('00')
    const code = within(dialog).getByRole('textbox', { name: /^区划编号/ })
    await u.type(code, 'x1')
    await u.tab()
    expect(await within(dialog).findByText('区划编号只能是2到12位数字')).toBeTruthy()
    await u.clear(code)
    await u.type(code, '48')
    await u.type(within(dialog).getByRole('textbox', { name: /区划名称/ }), '岘港市')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    expect(posts[0].body).toMatchObject({
      parentCode: '00',
      code: '48',
      name: '岘港市',
      level: '1',
      sort: 1,
    })
    // The parent's level is fetched again so the new child appears.
    await waitFor(() => expect(treeCalls.filter((c) => c === '00')).toHaveLength(2))
  })

  it('asks before deleting and shows why the server refuses a region with children', async () => {
    const u = userEvent.setup()
    renderScreen(RegionScreen)
    const tree = await screen.findByRole('tree')
    await u.click(await within(tree).findByText('越南'))
    await screen.findByTestId('region-detail')
    const header = screen.getAllByRole('button', { name: '删除' })[0]
    await u.click(header)
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(toasts).toContain('请先删除子节点!'))
    expect(posts).toEqual([{ verb: 'remove', query: { id: '00' } }])
  })

  it('edits a region by its code: detail?code=, the code shown but fixed, submitted with the code and no id', async () => {
    const u = userEvent.setup()
    renderScreen(RegionScreen)
    const tree = await screen.findByRole('tree')
    await u.click(await within(tree).findByText('越南'))
    const children = await screen.findByRole('table', { name: '下级区划' })
    const row = (await within(children).findByText('河内市')).closest('tr') as HTMLElement
    await u.click(within(row).getByRole('button', { name: '编辑' }))
    const dialog = await screen.findByRole('dialog')
    const name = await within(dialog).findByRole('textbox', { name: /^区划名称/ })
    expect(
      (within(dialog).getByRole('textbox', { name: /^区划编号/ }) as HTMLInputElement).readOnly,
    ).toBe(true)
    await u.clear(name)
    await u.type(name, '河内')
    await u.click(within(dialog).getByRole('button', { name: '修改' }))
    await screen.findByText('修改成功')
    const body = posts.find((p) => p.verb === 'submit')?.body as Record<string, unknown>
    expect(body).toMatchObject({ code: '01', name: '河内', parentCode: '00', level: '1' })
    expect(body).not.toHaveProperty('id')
  })
})
