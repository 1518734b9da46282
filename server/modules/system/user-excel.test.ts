// User xlsx over real HTTP: the template's headers, an import round trip (names resolved to ids,
// the initial password), refusal of a file with a bad row (nothing written), covering existing
// accounts, and the export of the current filter opened by URL with a download ticket.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEPT_FINANCE, POST_ACCOUNTANT, ROLE_FINANCE } from '../../seed/ids.ts'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { writeXlsx } from '../../core/xlsx.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'
import { USER_COLUMNS } from './user-import.ts'

forEachDatabase('system user import and export', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  // Opened by URL as a browser would, with a single-use download ticket instead of the token.
  const download = async (path: string, query: Record<string, string> = {}) => {
    const issued = await fetch(
      new URL(
        `/api/blade-resource/download-ticket?path=${encodeURIComponent(`/api${path}`)}`,
        h.s.baseUrl,
      ),
      { method: 'POST', headers: { 'Blade-Auth': `bearer ${h.admin}` } },
    )
    const { data } = (await issued.json()) as { data: { ticket: string } }
    const url = new URL(`/api${path}`, h.s.baseUrl)
    for (const [k, v] of Object.entries({ ...query, ticket: data.ticket }))
      url.searchParams.set(k, v)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    return readSheetText(new Uint8Array(await res.arrayBuffer()))
  }

  const upload = async (rows: string[][], isCovered = '0') => {
    const form = new FormData()
    form.set('isCovered', isCovered)
    form.set(
      'file',
      new Blob([Buffer.from(writeXlsx('用户', [...USER_COLUMNS], rows))]),
      'users.xlsx',
    )
    const res = await fetch(new URL('/api/blade-system/user/import-user', h.s.baseUrl), {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${h.admin}` },
      body: form,
    })
    return { status: res.status, body: (await res.json()) as { msg: string } }
  }
  const count = async () =>
    (await h.s.db.selectFrom('bladeUser').select('id').where('isDeleted', '=', 0).execute()).length

  it('gives an empty template with the Blade headers', async () => {
    expect(await download('/blade-system/user/export-template')).toEqual([[...USER_COLUMNS]])
  })

  it('imports rows from the template: names become ids, the password is the initial one', async () => {
    const [header] = await download('/blade-system/user/export-template')
    expect(header).toEqual([...USER_COLUMNS])
    const r = await upload([
      [
        '',
        'hoa',
        '阿花2',
        'Phạm Thị Hoa',
        'hoa@example.com',
        '09876543210',
        '',
        '',
        '',
        '财务',
        '财务部',
        '会计',
        '1995-03-08',
      ],
      ['', 'tuan', '', '', '', '', ROLE_FINANCE, DEPT_FINANCE, '', '', '', '', '35000'],
    ])
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.msg).toContain('2')
    const hoa = await h.s.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('account', '=', 'hoa')
      .executeTakeFirstOrThrow()
    expect(hoa).toMatchObject({
      tenantId: '000000',
      name: '阿花2',
      realName: 'Phạm Thị Hoa',
      roleId: ROLE_FINANCE,
      deptId: DEPT_FINANCE,
      status: 1,
      birthday: '1995-03-08',
    })
    const tuan = await h.s.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('account', '=', 'tuan')
      .executeTakeFirstOrThrow()
    expect(tuan).toMatchObject({
      realName: 'tuan',
      roleId: ROLE_FINANCE,
      birthday: '1995-10-28 00:00:00',
    })
    expect((await loginAs(h.s.baseUrl, 'hoa', '123456')).role_id).toBe(ROLE_FINANCE)
  })

  it('refuses the whole file when one row is bad, naming the rows, and writes nothing', async () => {
    const before = await count()
    const r = await upload([
      ['', 'good1', '', '好', '', '', '', '', '', '', '', '', ''],
      ['', 'hoa', '', '', '', '', '', '', '', '', '', '', ''],
      ['', 'bad email', '', '', 'not-an-email', '', '', '', '', '不存在的角色', '', '', ''],
    ])
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain('第3行')
    expect(r.body.msg).toContain('当前账号已被使用!')
    expect(r.body.msg).toContain('第4行')
    expect(r.body.msg).toContain('请输入正确的邮箱')
    expect(r.body.msg).toContain('角色不存在: 不存在的角色')
    expect(r.body.msg).not.toContain('第2行')
    expect(await count()).toBe(before)
    const notXlsx = new FormData()
    notXlsx.set('file', new Blob([Buffer.from('a,b')]), 'users.csv')
    const res = await fetch(new URL('/api/blade-system/user/import-user', h.s.baseUrl), {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${h.admin}` },
      body: notXlsx,
    })
    expect(res.status).toBe(400)
  })

  it('covers existing accounts when asked, keeping their password and the values the row leaves empty', async () => {
    const r = await upload([['', 'hoa', '花花', '阿花新', '', '', '', '', '', '', '', '', '']], '1')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(
      (
        await h.s.db
          .selectFrom('bladeUser')
          .select('realName')
          .where('account', '=', 'hoa')
          .executeTakeFirstOrThrow()
      ).realName,
    ).toBe('阿花新')
    expect((await loginAs(h.s.baseUrl, 'hoa', '123456')).real_name).toBe('阿花新')
  })

  it('exports the current filter with names, never passwords', async () => {
    const rows = await download('/blade-system/user/export-user', { account: 'hoa' })
    expect(rows[0]).toEqual([...USER_COLUMNS])
    expect(rows.slice(1)).toEqual([
      [
        '000000',
        'hoa',
        '花花',
        '阿花新',
        'hoa@example.com',
        '09876543210',
        ROLE_FINANCE,
        DEPT_FINANCE,
        POST_ACCOUNTANT,
        '财务',
        '财务部',
        '会计',
        '1995-03-08',
      ],
    ])
    const all = await download('/blade-system/user/export-user')
    const admin = all.find((r) => r[1] === 'admin')
    expect(admin?.[9]).toBe('超级管理员')
    expect(all.length - 1).toBe(await count())
    expect(all.flat().some((c) => c.startsWith('scrypt$'))).toBe(false)
    // The generic engine's export path (the list screen's button) answers the same file.
    expect(await download('/blade-system/user/export', { account: 'hoa' })).toEqual(rows)
  })
})
