// Demo part: KOLs the outreach team works with, each with the follow-ups that brought it where it
// is (contacted → negotiating → cooperating, rejected or archived; some still waiting for a reply,
// some with a next contact due) and, for those that got as far as talks, quotations (cooperation
// info) whose rounds of negotiation come down from the KOL's asking price. A KOL's contactStatus,
// lastContactTime and responseDeadline are its newest follow-up's, as the KOL module keeps them.
import type { Insertable } from 'kysely'
import {
  MAX_CMS_PERCENT,
  MAX_LIVE_MINUTES,
  MAX_PRICE_W,
  SCHEDULE_RANGE,
  SCHEDULE_SINGLE,
} from '../../../src/domain/kol/cooperate-info.ts'
import { formatDateTime } from '../../core/dates.ts'
import type { CooperateInfoTable, KolFileTable, KolFollowUpTable } from '../../db/schema.ts'
import { DEPT_OUTREACH, USER_OUTREACH } from '../ids.ts'
import { handle, mobile, person, province } from './names.ts'
import { draws, type Draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

const KOL_TYPES = ['live_streamer', 'video_creator', 'blogger', 'celebrity', 'koc']
const CATEGORIES = [
  'fashion',
  'fashion',
  'fashion',
  'beauty',
  'lifestyle',
  'home',
  'mother_baby',
  'food',
  'fitness',
]
const TAGS = [
  'high_conversion',
  'high_engagement',
  'rising',
  'cost_effective',
  'long_term',
  'local',
]
/** The outreach staff who own KOLs (by name: employees are another part's). */
const OWNERS = ['Trần Thu Hà', 'Lê Minh Khoa', 'Phạm Ngọc Trâm', 'Võ Gia Huy']

const NOTES: Record<string, readonly string[]> = {
  contacted: [
    '通过TikTok私信发送合作邀请',
    'Đã nhắn Zalo giới thiệu bộ sưu tập mới',
    '已发送产品资料和样品清单',
    'Gọi điện, hẹn gửi báo giá',
  ],
  negotiating: [
    '对方报价偏高，约定下周再谈',
    'Đang thương lượng hoa hồng, KOL muốn 15%',
    '要求先寄样品试穿',
    'Gửi mẫu áo dài để KOL thử trước khi live',
  ],
  cooperating: [
    '确认直播排期和佣金',
    'Đã chốt lịch livestream và hợp đồng',
    '样品已签收，脚本已确认',
    'Chốt giá cuối, chuyển cọc 30%',
  ],
  rejected: ['档期已满，暂不合作', 'KOL từ chối vì không hợp ngành hàng', '报价超出预算，放弃'],
  archived: ['长期无回复，归档', 'Không phản hồi sau 3 lần liên hệ'],
}

/** The statuses a KOL's follow-ups went through, oldest first (none: only created). */
function path(d: Draws): string[] {
  const steps = d.weighted([
    [0, 10],
    [1, 20],
    [2, 25],
    [3, 25],
    [4, 12],
    [5, 8],
  ])
  if (steps === 0) return []
  const out = ['contacted']
  while (out.length < steps - 1) out.push('negotiating')
  if (steps > 1)
    out.push(
      d.weighted([
        ['cooperating', 45],
        ['negotiating', 30],
        ['rejected', 15],
        ['archived', 10],
      ]),
    )
  else if (d.chance(0.15)) out[0] = 'archived'
  return out
}

const w = (v: number) => Math.min(MAX_PRICE_W, Math.max(0, Math.round(v / 5) * 5))
const cms = (v: number) => Math.min(MAX_CMS_PERCENT, Math.max(0, Math.round(v)))

/** A quotation's asking price and commission, and three rounds that come down from them. */
function prices(d: Draws) {
  const kolPrice = w(10 ** (2.3 + d.int(0, 130) / 100))
  const kolCms = d.int(10, 25)
  return {
    kolPrice,
    kolCms,
    negoPrice1: w(kolPrice * 0.9),
    negoCms1: cms(kolCms - 1),
    negoPrice2: w(kolPrice * 0.83),
    negoCms2: cms(kolCms - 2),
    negoPrice3: w(kolPrice * 0.78),
    negoCms3: cms(kolCms - 3),
  }
}

const dayOf = (t: Date) => formatDateTime(t).slice(0, 10)

/** A single day (most often) or a run of days from `begins`. */
function schedule(d: Draws, begins: Date) {
  const single = d.chance(0.7)
  return {
    scheduleType: single ? SCHEDULE_SINGLE : SCHEDULE_RANGE,
    scheduleDate: single ? dayOf(begins) : null,
    startDate: single ? null : dayOf(begins),
    endDate: single ? null : dayOf(new Date(begins.getTime() + d.int(2, 14) * 86_400_000)),
  }
}

/** The quotation a KOL's talks start with (pending), made at `at`. */
function quotation(
  d: Draws,
  q: { id: string; tenantId: string; kolId: string; city: string; at: Date },
): Insertable<CooperateInfoTable> {
  const offer = prices(d)
  return {
    ...made(q.tenantId, USER_OUTREACH, DEPT_OUTREACH, formatDateTime(q.at)),
    id: q.id,
    kolId: q.kolId,
    cooperateType: d.weighted([
      ['live', 55],
      ['short_video', 20],
      ['live_video', 20],
      ['image_post', 5],
    ]),
    cooperateStatus: 'pending',
    ...schedule(d, new Date(q.at.getFullYear(), q.at.getMonth(), q.at.getDate() + d.int(7, 30))),
    specificTime: d.pick(['19:00', '19:30', '20:00', '20:30', '21:00']),
    ...offer,
    liveType: d.weighted([
      ['tiktok_live', 75],
      ['shopee_live', 15],
      ['facebook_live', 10],
    ]),
    liveDuration: Math.min(MAX_LIVE_MINUTES, d.pick([60, 90, 120, 150, 180])),
    skuCount: d.int(5, 40),
    viewerCount: d.int(5, 200) * 100,
    videoView: d.pick(['30天', '90天', '180天', '永久']),
    kolFrom: q.city,
    detail: JSON.stringify(
      Array.from({ length: d.int(1, 2) }, () => ({ ...offer, skuCount: d.int(3, 20) })),
    ),
  }
}

export const demoKols: DemoPart = {
  name: 'kols',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const kols: Insertable<KolFileTable>[] = []
    const followUps: Insertable<KolFollowUpTable>[] = []
    const quotations: Insertable<CooperateInfoTable>[] = []
    // TikTok ids are unique among the tenant's KOLs (the reference seed has a few).
    const handles = new Set(
      (
        await db
          .selectFrom('dmrKolFile')
          .select('tkUserName')
          .where('tenantId', '=', tenantId)
          .execute()
      ).map((k) => k.tkUserName),
    )
    for (let k = 0; k < 60; k++) {
      const p = person(d, d.chance(0.75) ? 2 : 1)
      let tkUserName = handle(p, d)
      while (handles.has(tkUserName)) tkUserName = `${tkUserName}${d.int(0, 9)}`
      handles.add(tkUserName)
      const city = province(d).vi
      const id = demoId('kol', tenantId, k)
      const created = new Date(
        today.getTime() - d.int(5, 95) * 86_400_000 - d.int(0, 36_000) * 1000,
      )
      let status = 'created'
      let lastContactTime: string | null = null
      let responseDeadline: string | null = null
      // The follow-ups spread over the time since the KOL was found: the newest is recent.
      const steps = path(d)
      let quote: Insertable<CooperateInfoTable> | undefined
      const gap = (today.getTime() - created.getTime()) / (steps.length + 0.5)
      steps.forEach((step, i) => {
        const at = new Date(created.getTime() + gap * (i + 0.6 + d.int(0, 40) / 100))
        const contactTime = formatDateTime(at)
        const open = step === 'contacted' || step === 'negotiating'
        const next = open
          ? new Date(at.getFullYear(), at.getMonth(), at.getDate() + d.int(2, 7), 10)
          : null
        const deadline =
          step === 'contacted' ? formatDateTime(new Date(at.getTime() + 3 * 86_400_000)) : null
        followUps.push({
          ...made(tenantId, USER_OUTREACH, DEPT_OUTREACH, contactTime),
          id: demoId('kol-follow-up', tenantId, `${k}/${i}`),
          kolId: id,
          contactStatus: step,
          note: d.pick(NOTES[step]!),
          contactTime,
          nextContactTime: next && formatDateTime(next),
          responseDeadline: deadline,
        })
        status = step
        lastContactTime = contactTime
        responseDeadline = deadline
        // Talks bring a quotation; cooperation fixes its schedule, a refusal cancels it.
        const talks = () =>
          quotation(d, { id: demoId('cooperate-info', tenantId, k), tenantId, kolId: id, city, at })
        if (step === 'negotiating') quote ??= talks()
        else if (step === 'cooperating') {
          quote ??= talks()
          const begins = new Date(at.getFullYear(), at.getMonth(), at.getDate() + d.int(3, 20))
          Object.assign(quote, schedule(d, begins), {
            cooperateStatus:
              begins.getTime() > today.getTime()
                ? d.pick(['confirmed', 'scheduled'])
                : d.weighted([
                    ['completed', 75],
                    ['in_progress', 25],
                  ]),
            updateTime: contactTime,
          })
        } else if (quote)
          Object.assign(quote, { cooperateStatus: 'cancelled', updateTime: contactTime })
      })
      if (quote) quotations.push(quote)
      kols.push({
        ...made(tenantId, USER_OUTREACH, DEPT_OUTREACH, formatDateTime(created)),
        id,
        dmrEmpId: null,
        dmrEmpVnName: d.pick(OWNERS),
        kolName: d.chance(0.7)
          ? p.name
          : `${p.given} ${d.pick(['Review', 'Official', 'Daily', 'Fashion', 'Store'])}`,
        tkUserName,
        tkUrl: `https://www.tiktok.com/@${tkUserName}`,
        contactStatus: status,
        kolSex: p.sex,
        kolType: d.sample(KOL_TYPES, d.int(1, 2)).join(','),
        tkFollowers: Math.round(10 ** (3.7 + d.int(0, 280) / 100)),
        kolCategory: d.pick(CATEGORIES),
        kolTags: d.sample(TAGS, d.int(1, 3)).join(','),
        kolContact: d.chance(0.6) ? `Zalo ${mobile(d)}` : `${tkUserName}@gmail.com`,
        kolFrom: city,
        engagementRate: d.int(15, 120) / 10,
        lastContactTime,
        responseDeadline,
        kolScore: d.int(50, 98),
        archivedReason: status === 'archived' ? '长期无回复 / Không phản hồi' : null,
        createByEmpId: null,
        // The newest follow-up touched the KOL last.
        updateTime: lastContactTime ?? formatDateTime(created),
      })
    }
    await insertRows(db, 'dmrKolFile', kols)
    await insertRows(db, 'dmrKolFollowUp', followUps)
    await insertRows(db, 'dmrCooperateInfo', quotations)
  },
}
