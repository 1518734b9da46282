// KOL files, follow-ups and cooperation info over real HTTP on SQLite and PostgreSQL: the
// declared validations with their own messages, contactStatus starting at 'created', follow-ups
// moving their KOL only forward in time, 'rows' stored and answered as an array, idempotent
// creates, stale versions, and who may read and write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { sessionToken } from '../../../tests/support/tokens.ts'
import { nextId } from '../../core/ids.ts'

const KOL = {
  kolName: 'Hà Vy',
  tkUserName: 'havy.live',
  kolSex: 2,
  kolType: 'live_streamer,koc',
  kolCategory: 'fashion',
  kolTags: 'rising',
  tkFollowers: '-1250.5',
  kolFrom: 'Cần Thơ',
}
const ROW = {
  kolPrice: 80,
  kolCms: 10,
  negoPrice1: 70,
  negoCms1: 9,
  negoPrice2: 65,
  negoCms2: 8,
  negoPrice3: 60,
  negoCms3: 8,
  skuCount: 6,
}
const quotation = (kolId: string) => ({
  kolId,
  cooperateType: 'live',
  cooperateStatus: 'pending',
  scheduleType: 1,
  scheduleDate: '2026-05-01',
  specificTime: '20:00',
  ...ROW,
  liveType: 'tiktok_live',
  liveDuration: 120,
  viewerCount: 5000,
  videoView: '30天',
  kolFrom: 'Hà Nội',
  detail: [ROW, { ...ROW, skuCount: 2 }],
})

forEachDatabase('KOL outreach', (dialect) => {
  let s: TestServer
  let outreach: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    outreach = (await loginAs(s.baseUrl, 'outreach', '123456')).access_token
  })
  afterAll(() => s?.close())

  const post = (path: string, json: unknown, key?: string, token = outreach) =>
    call(s.baseUrl, 'POST', `/api${path}`, {
      token,
      json,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const get = (path: string, query: Record<string, string>, token = outreach) =>
    call(s.baseUrl, 'GET', `/api${path}`, { token, query })
  const kolCount = async () =>
    (await s.db.selectFrom('dmrKolFile').select('id').where('isDeleted', '=', 0).execute()).length
  const newKol = async (extra: Record<string, unknown> = {}) => {
    const r = await post('/kolFile/kolFile/save', {
      ...KOL,
      tkUserName: `kol.${nextId()}`,
      ...extra,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { id: string }
  }

  it("a KOL starts at 'created' whatever the body says, with multi-selects and names answered", async () => {
    const kol = await newKol({ contactStatus: 'cooperating' })
    expect(kol).toMatchObject({
      contactStatus: 'created',
      kolType: 'live_streamer,koc',
      tkFollowers: -1250.5,
      version: 1,
    })
    const detail = await get('/kolFile/kolFile/detail', { id: kol.id })
    expect(detail.body.data).toMatchObject({
      contactStatusName: '已创建',
      kolTypeName: '直播主播,KOC',
      kolSexName: '女',
      lastContactTime: '',
    })
    const updated = await post('/kolFile/kolFile/update', {
      id: kol.id,
      contactStatus: 'contacted',
    })
    expect(updated.body.data).toMatchObject({ contactStatus: 'contacted', version: 2 })
  })

  it('the phone list runs: KOLs with a deadline oldest first, then those without (the same on every database)', async () => {
    const late = await newKol({ responseDeadline: '2030-03-01 10:00:00' })
    const early = await newKol({ responseDeadline: '2020-01-01 10:00:00' })
    const none = await newKol()
    const dated = await get('/kolFile/kolFile/list', {
      current: '1',
      size: '500',
      responseDeadline_notnull: '1',
      ascs: 'responseDeadline',
    })
    expect(dated.status, JSON.stringify(dated.body)).toBe(200)
    const deadlines = (dated.body.data.records as { responseDeadline: string }[]).map(
      (r) => r.responseDeadline,
    )
    expect(deadlines.every((d) => d !== '' && d !== null)).toBe(true)
    expect(deadlines).toEqual([...deadlines].sort())
    const ids = (dated.body.data.records as { id: string }[]).map((r) => r.id)
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id))
    expect(ids).not.toContain(none.id)
    const undated = await get('/kolFile/kolFile/list', {
      current: '1',
      size: '500',
      responseDeadline_null: '1',
      descs: 'createTime',
    })
    expect(undated.status, JSON.stringify(undated.body)).toBe(200)
    const rest = undated.body.data.records as { id: string; responseDeadline: unknown }[]
    expect(rest.map((r) => r.id)).toContain(none.id)
    expect(rest.every((r) => r.responseDeadline === '' || r.responseDeadline === null)).toBe(true)
  })

  describe('KOL validations answer 400 with the message and write nothing', () => {
    it.each([
      ['tkUserName', '请输入TikTokId'],
      ['kolSex', '请选择性别'],
      ['kolType', '请选择达人类型'],
      ['kolCategory', '请选择达人类目'],
      ['kolTags', '请选择达人标签'],
    ])('without %s', async (field, message) => {
      const before = await kolCount()
      const r = await post('/kolFile/kolFile/save', { ...KOL, [field]: '' })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false })
      expect(r.body.msg).toContain(message)
      expect(await kolCount()).toBe(before)
    })
    it.each(['12k', '1,000', '+', '1.', 'abc'])(
      'tkFollowers %s: only numbers',
      async (tkFollowers) => {
        const before = await kolCount()
        const r = await post('/kolFile/kolFile/save', { ...KOL, tkFollowers })
        expect(r.status).toBe(400)
        expect(r.body.msg).toBe('只能输入数字')
        expect(await kolCount()).toBe(before)
      },
    )
  })

  it('the same create sent 3 times with one Idempotency-Key makes one KOL', async () => {
    const body = { ...KOL, id: nextId(), tkUserName: 'idem.once' }
    const answers = [
      await post('/kolFile/kolFile/save', body, 'kol-create-0001'),
      await post('/kolFile/kolFile/save', body, 'kol-create-0001'),
      await post('/kolFile/kolFile/save', body, 'kol-create-0001'),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers[1]!.body).toEqual(answers[0]!.body)
    expect((await get('/kolFile/kolFile/list', { tkUserName: 'idem.once' })).body.data.total).toBe(
      1,
    )
  })

  it('a stale version answers 409 with the current KOL and overwrites nothing', async () => {
    const kol = await newKol()
    expect(
      (await post('/kolFile/kolFile/update', { id: kol.id, version: 1, kolName: 'tablet' })).status,
    ).toBe(200)
    const stale = await post('/kolFile/kolFile/update', {
      id: kol.id,
      version: 1,
      kolName: 'phone',
    })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      code: 409,
      data: { id: kol.id, kolName: 'tablet', version: 2 },
    })
    expect((await get('/kolFile/kolFile/detail', { id: kol.id })).body.data.kolName).toBe('tablet')
  })

  describe('follow-ups', () => {
    const followUp = (
      kolId: string,
      contactTime: string,
      contactStatus: string,
      responseDeadline = '',
    ) => ({
      id: nextId(),
      kolId,
      contactTime,
      contactStatus,
      responseDeadline,
      note: `${contactStatus} at ${contactTime}`,
    })

    it("move the KOL's status, last contact and deadline; an older one (late replay) does not", async () => {
      const kol = await newKol()
      const r = await post(
        '/kolFollowUp/kolFollowUp/submit',
        followUp(kol.id, '2026-06-02 10:00:00', 'negotiating', '2026-06-05 18:00:00'),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const after = (await get('/kolFile/kolFile/detail', { id: kol.id })).body.data
      expect(after).toMatchObject({
        contactStatus: 'negotiating',
        lastContactTime: '2026-06-02 10:00:00',
        responseDeadline: '2026-06-05 18:00:00',
        version: 2,
      })

      const late = await post(
        '/kolFollowUp/kolFollowUp/submit',
        followUp(kol.id, '2026-06-01 09:00:00', 'contacted'),
      )
      expect(late.status).toBe(200)
      expect((await get('/kolFile/kolFile/detail', { id: kol.id })).body.data).toMatchObject({
        contactStatus: 'negotiating',
        lastContactTime: '2026-06-02 10:00:00',
        version: 2,
      })
      // Both entries are kept in the log.
      expect(
        (await get('/kolFollowUp/kolFollowUp/list', { kolId: kol.id })).body.data.records.map(
          (x: { contactStatus: string }) => x.contactStatus,
        ),
      ).toEqual(['negotiating', 'contacted'])

      await post('/kolFollowUp/kolFollowUp/submit', followUp(kol.id, '2026-06-03', 'cooperating'))
      expect((await get('/kolFile/kolFile/detail', { id: kol.id })).body.data).toMatchObject({
        contactStatus: 'cooperating',
        lastContactTime: '2026-06-03 00:00:00',
        responseDeadline: '',
      })
    })

    it('sent at the same time, the newest one wins whatever order they commit in', async () => {
      const kol = await newKol()
      const times = [
        '2026-07-01 08:00:00',
        '2026-07-05 08:00:00',
        '2026-07-03 08:00:00',
        '2026-07-02 08:00:00',
        '2026-07-04 08:00:00',
      ]
      const answers = await Promise.all(
        times.map((t, i) =>
          post(
            '/kolFollowUp/kolFollowUp/submit',
            followUp(kol.id, t, i === 1 ? 'cooperating' : 'contacted'),
          ),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual(times.map(() => 200))
      expect((await get('/kolFile/kolFile/detail', { id: kol.id })).body.data).toMatchObject({
        contactStatus: 'cooperating',
        lastContactTime: '2026-07-05 08:00:00',
      })
    })

    it('sent 3 times with one Idempotency-Key: one entry', async () => {
      const kol = await newKol()
      const body = followUp(kol.id, '2026-06-10 08:00:00', 'contacted')
      for (let i = 0; i < 3; i++)
        expect((await post('/kolFollowUp/kolFollowUp/submit', body, 'follow-up-0001')).status).toBe(
          200,
        )
      expect((await get('/kolFollowUp/kolFollowUp/list', { kolId: kol.id })).body.data.total).toBe(
        1,
      )
    })

    it('of an unknown or removed KOL answer 400 and change nothing', async () => {
      const kol = await newKol()
      await call(s.baseUrl, 'POST', '/api/kolFile/kolFile/remove', {
        token: outreach,
        query: { ids: kol.id },
      })
      for (const kolId of [kol.id, nextId()]) {
        const r = await post(
          '/kolFollowUp/kolFollowUp/submit',
          followUp(kolId, '2026-06-11 08:00:00', 'contacted'),
        )
        expect(r.status).toBe(400)
        expect(r.body.msg).toBe('达人不存在或已被删除')
      }
      expect(
        (await s.db.selectFrom('dmrKolFollowUp').select('id').where('kolId', '=', kol.id).execute())
          .length,
      ).toBe(0)
      const missing = await post('/kolFollowUp/kolFollowUp/submit', {
        kolId: nextId(),
        contactStatus: 'contacted',
      })
      expect(missing.body.msg).toContain('请选择联系时间')
    })
  })

  describe('cooperation info', () => {
    it("stores 'detail' as JSON text and answers it as an array", async () => {
      const kol = await newKol()
      const r = await post('/cooperateinfo/cooperateInfo/save', quotation(kol.id))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.detail).toEqual([ROW, { ...ROW, skuCount: 2 }])
      const stored = await s.db
        .selectFrom('dmrCooperateInfo')
        .select('detail')
        .where('id', '=', r.body.data.id)
        .executeTakeFirstOrThrow()
      expect(JSON.parse(String(stored.detail))).toEqual([ROW, { ...ROW, skuCount: 2 }])
      const listed = await get('/cooperateinfo/cooperateInfo/list', { kolId: kol.id })
      expect(listed.body.data.records[0]).toMatchObject({
        kolPrice: 80,
        detail: [ROW, { ...ROW, skuCount: 2 }],
        cooperateTypeName: '直播带货',
      })
      const updated = await post('/cooperateinfo/cooperateInfo/update', {
        id: r.body.data.id,
        detail: JSON.stringify([{ ...ROW, kolPrice: '90' }]),
      })
      expect(updated.body.data.detail).toEqual([{ ...ROW, kolPrice: 90 }])
    })

    const rejects: [string, Record<string, unknown>, string][] = [
      ['cooperation type', { cooperateType: '' }, '合作类型不能为空'],
      ['city', { kolFrom: '' }, '城市不能为空'],
      ['schedule date', { scheduleDate: '' }, '日期不能为空'],
      [
        'range start date',
        { scheduleType: 2, startDate: '', endDate: '2026-05-03' },
        '日期不能为空',
      ],
      ['empty detail', { detail: [] }, '合作内容不能为空'],
      ['detail text that is not rows', { detail: 'three rows' }, '合作内容格式不正确'],
      ['kolPrice', { kolPrice: '' }, '请输入达人报价'],
      ['negoCms3', { negoCms3: '' }, '请输入最终佣金'],
      ['price above 10000 W', { negoPrice2: 10000.5 }, '二次议价不能大于10000'],
      ['commission above 30 %', { kolCms: 31 }, '达人佣金不能大于30'],
      ['live above 180 minutes', { liveDuration: 181 }, '直播时长不能大于180'],
      [
        'a row price above 10000 W',
        { detail: [ROW, { ...ROW, negoPrice3: 20000 }] },
        '最终价格不能大于10000',
      ],
      [
        'a row commission above 30 %',
        { detail: [{ ...ROW, negoCms1: 30.5 }] },
        '一次议价佣金不能大于30',
      ],
      ['a row without its price', { detail: [{ ...ROW, kolPrice: '' }] }, '请输入达人报价'],
      ['an unknown KOL', { kolId: '1' }, '达人不存在或已被删除'],
    ]
    it.each(rejects)('%s: 400 with the message, nothing written', async (_, change, message) => {
      const kol = await newKol()
      const r = await post('/cooperateinfo/cooperateInfo/save', { ...quotation(kol.id), ...change })
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain(message)
      expect(
        (
          await s.db
            .selectFrom('dmrCooperateInfo')
            .select('id')
            .where('kolId', '=', kol.id)
            .execute()
        ).length,
      ).toBe(0)
    })

    it('exactly the limits are accepted; a range needs only its own dates', async () => {
      const kol = await newKol()
      const r = await post('/cooperateinfo/cooperateInfo/save', {
        ...quotation(kol.id),
        scheduleType: 2,
        scheduleDate: '',
        startDate: '2026-05-01',
        endDate: '2026-05-03',
        kolPrice: 10000,
        kolCms: 30,
        liveDuration: 180,
        detail: [{ ...ROW, negoPrice3: 10000, negoCms3: 30 }],
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    })
  })

  it('a warehouse user (no KOL menus) gets 403 on KOL files, follow-ups and quotations', async () => {
    const warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
    const before = await kolCount()
    expect((await get('/kolFile/kolFile/list', {}, warehouse)).status).toBe(403)
    expect((await get('/kolFile/kolFile/select', {}, warehouse)).status).toBe(403)
    expect((await post('/kolFile/kolFile/save', KOL, undefined, warehouse)).status).toBe(403)
    expect((await get('/kolFollowUp/kolFollowUp/list', {}, warehouse)).status).toBe(403)
    expect((await get('/cooperateinfo/cooperateInfo/list', {}, warehouse)).status).toBe(403)
    expect(await kolCount()).toBe(before)
  })

  it('the KOL picker lists the seeded KOLs of the tenant', async () => {
    const r = await get('/kolFile/kolFile/select', {})
    expect(r.body.data.map((k: { tkUserName: string }) => k.tkUserName)).toEqual(
      expect.arrayContaining(['linhnguyen.style', 'minhtran.review', 'thaopham.beauty']),
    )
  })

  it("the KOL list's and quotation screen's own buttons write too: kol_edit edits a KOL, the negotiate button alone records a round", async () => {
    const kol = await newKol()
    const quote = (await post('/cooperateinfo/cooperateInfo/save', quotation(kol.id))).body
      .data as { id: string }
    const roleId = nextId()
    await s.db
      .insertInto('bladeRole')
      .values({
        id: roleId,
        tenantId: '000000',
        parentId: '0',
        roleName: '议价员',
        sort: 9,
        roleAlias: 'negotiator',
      })
      .execute()
    const codes = ['kol_quotation', 'kol_quotation_nego', 'kol', 'kol_edit']
    const menus = await s.db
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('code', 'in', codes)
      .where('isDeleted', '=', 0)
      .execute()
    expect(menus.map((m) => m.code).sort()).toEqual([...codes].sort())
    await s.db
      .insertInto('bladeRoleMenu')
      .values(menus.map((m) => ({ id: nextId(), roleId, menuId: m.id })))
      .execute()
    const token = await sessionToken(
      s,
      {
        userId: nextId(),
        tenantId: '000000',
        account: 'nego',
        userName: 'nego',
        realName: 'nego',
        roleIds: [roleId],
        roleAliases: ['negotiator'],
        deptIds: [],
        postId: '',
        oauthId: '',
        clientId: 'saber',
      },
      3600,
    )
    expect(
      (
        await post(
          '/cooperateinfo/cooperateInfo/update',
          { id: quote.id, negoPrice1: 66 },
          undefined,
          token,
        )
      ).status,
    ).toBe(200)
    expect(
      (await post('/kolFile/kolFile/update', { id: kol.id, kolName: 'renamed' }, undefined, token))
        .status,
    ).toBe(200)
    // Neither create nor remove is granted by those buttons.
    expect(
      (await post('/cooperateinfo/cooperateInfo/save', quotation(kol.id), undefined, token)).status,
    ).toBe(403)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/kolFile/kolFile/remove', {
          token,
          query: { ids: kol.id },
        })
      ).status,
    ).toBe(403)
  })
})
