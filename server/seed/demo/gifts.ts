// Demo part: live-stream gifts over the three months. A handful of the shop's anchors go live most
// evenings for two or three hours; viewers (a loyal few give most) send TikTok's real gifts at their
// real coin prices, cheap ones by the handful. One gift per second of a live at most, so the
// import key (live, user, time, gift) never repeats.
import type { Insertable } from 'kysely'
import { formatDateTime } from '../../core/dates.ts'
import type { GiftDetailTable } from '../../db/schema.ts'
import { DEPT_FINANCE, USER_FINANCE } from '../ids.ts'
import { demoDays } from './clock.ts'
import { handle, person } from './names.ts'
import { draws, type Draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

/** The shop's anchors: their TikTok ids and names, how often they go live and how many watch. */
export const DEMO_ANCHORS = [
  { anchorId: '7302118845590112001', anchorName: 'Mai Anh Live', liveChance: 0.7, crowd: 1.6 },
  { anchorId: '7302118845590112002', anchorName: 'Thảo Vy Official', liveChance: 0.6, crowd: 1.2 },
  { anchorId: '7302118845590112003', anchorName: 'Quỳnh Như Store', liveChance: 0.5, crowd: 1 },
  { anchorId: '7302118845590112004', anchorName: 'Gia Huy Review', liveChance: 0.4, crowd: 0.8 },
  { anchorId: '7302118845590112005', anchorName: 'Bảo Ngọc Fashion', liveChance: 0.45, crowd: 0.7 },
  { anchorId: '7302118845590112006', anchorName: 'Khánh Linh Daily', liveChance: 0.35, crowd: 0.5 },
] as const

/** TikTok LIVE gifts: name, price in coins, how often they are sent. */
const GIFTS: readonly (readonly [readonly [string, number], number])[] = [
  [['Rose', 1], 30],
  [['TikTok', 1], 10],
  [['GG', 1], 8],
  [['Ice Cream Cone', 1], 8],
  [['Finger Heart', 5], 12],
  [['Rosa', 10], 4],
  [['Friendship Necklace', 10], 4],
  [['Perfume', 20], 5],
  [['Doughnut', 30], 4],
  [['Hand Hearts', 100], 3],
  [['Confetti', 100], 2],
  [['Sunglasses', 199], 1.5],
  [['Corgi', 299], 1],
  [['Money Gun', 500], 0.8],
  [['Swan', 699], 0.5],
  [['Galaxy', 1000], 0.4],
  [['Fireworks', 1088], 0.3],
  [['Whale diving', 2150], 0.15],
  [['Motorcycle', 2988], 0.1],
  [['Lion', 29999], 0.02],
  [['TikTok Universe', 34999], 0.01],
]

interface Viewer {
  userId: string
  userNickName: string
  plartformAccount: string
}

function viewers(d: Draws, tenantId: string, count: number): Viewer[] {
  return Array.from({ length: count }, (_, i) => {
    const p = person(d)
    const account = handle(p, d)
    return {
      userId: `68${demoId('gift-user', tenantId, i).slice(2)}`,
      userNickName: d.chance(0.6) ? `${p.given} ${p.family}` : account,
      plartformAccount: account,
    }
  })
}

export const demoGifts: DemoPart = {
  name: 'gifts',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const everyone = viewers(d, tenantId, 1800)
    // Each anchor's fans, the most generous first: most gifts come from the first few.
    const fans = DEMO_ANCHORS.map(() => d.sample(everyone, 260))
    const viewerOf = (a: number) =>
      d.chance(0.75) ? fans[a]![Math.floor(260 * random() ** 2.5)]! : d.pick(everyone)
    const rows: Insertable<GiftDetailTable>[] = []
    for (const day of demoDays(today)) {
      DEMO_ANCHORS.forEach((anchor, a) => {
        if (!d.chance(anchor.liveChance)) return
        const start = new Date(
          day.start.getFullYear(),
          day.start.getMonth(),
          day.start.getDate(),
          d.int(19, 21),
          d.pick([0, 15, 30]),
        )
        const seconds = d.int(90, 180) * 60
        const liveId = `73${demoId('live', tenantId, `${anchor.anchorId}/${day.date}`).slice(2)}`
        const count = Math.round(anchor.crowd * d.int(30, 80))
        const at = new Set<number>()
        while (at.size < count) at.add(d.int(0, seconds - 1))
        for (const second of [...at].sort((x, y) => x - y)) {
          const time = new Date(start.getTime() + second * 1000)
          if (time.getTime() > today.getTime()) break
          const [giftName, giftPrice] = d.weighted(GIFTS)
          const giftQuantity =
            giftPrice <= 5
              ? d.weighted([
                  [1, 60],
                  [5, 15],
                  [10, 12],
                  [20, 6],
                  [99, 3],
                ])
              : d.weighted([
                  [1, 85],
                  [2, 10],
                  [3, 5],
                ])
          const viewer = viewerOf(a)
          const beforeBalance = giftPrice * giftQuantity + d.int(0, 5000)
          const sendGiftTime = formatDateTime(time)
          rows.push({
            ...made(tenantId, USER_FINANCE, DEPT_FINANCE, sendGiftTime),
            id: demoId('gift', tenantId, `${liveId}/${second}`),
            sendGiftTime,
            ...viewer,
            liveId,
            anchorId: anchor.anchorId,
            anchorName: anchor.anchorName,
            giftName,
            giftPrice,
            giftQuantity,
            beforeBalance,
            afterBalance: beforeBalance - giftPrice * giftQuantity,
          })
        }
      })
    }
    await insertRows(db, 'dmrGiftDetail', rows)
  },
}
