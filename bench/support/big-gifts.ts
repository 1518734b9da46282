// Fills dmr_gift_detail with N live gifts of tenant 000000 in one INSERT ... SELECT per 200,000 rows
// over a generated series (see big-stock.ts): from 2026-01-01, one gift every 31 s (a million rows
// cover ~12 months, ~86,000 a month), 60 anchors with a live per anchor and day, 50,000 viewers
// with handles like TikTok's (`lan.nguyen1234`: 12 given names, 10 family names, the viewer's
// number), 12 gifts from 0.5 to 424 coins.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Dialect } from '../../server/db/database.ts'
import type { DB } from '../../server/db/schema.ts'
import { BIG_ID_BASE } from './big-stock.ts'

const GIFT_START_EPOCH = 1767225600
const GIFT_STEP_SECONDS = 31
const GIVEN = [
  'lan',
  'mai',
  'hoa',
  'tuan',
  'minh',
  'huong',
  'linh',
  'nam',
  'thao',
  'duc',
  'anh',
  'trang',
]
const FAMILY = ['nguyen', 'tran', 'le', 'pham', 'hoang', 'vu', 'dang', 'bui', 'do', 'ho']

/** A viewer's handle; `<family><n>` of one viewer is a `like` term matching its ~20 gifts. */
export const viewerHandle = (u: number) => `${GIVEN[u % 12]}.${FAMILY[Math.floor(u / 12) % 10]}${u}`
const pick = (list: string[], of: RawBuilder<unknown>) =>
  sql`case ${of} ${sql.join(
    list.map((v, i) => sql`when ${sql.lit(i)} then ${sql.lit(v)}`),
    sql` `,
  )} end`

export async function fillGifts(
  db: Kysely<DB>,
  dialect: Dialect,
  rows: number,
): Promise<{ seconds: number }> {
  const t0 = performance.now()
  const chunk = 200_000
  const handle = (u: RawBuilder<unknown>) =>
    sql`${pick(GIVEN, sql`${u} % 12`)} || '.' || ${pick(FAMILY, sql`(${u} / 12) % 10`)} || ${u}`
  const columns = sql`(id, tenant_id, send_gift_time, user_id, user_nick_name, plartform_account, live_id, anchor_id, anchor_name, gift_name, gift_price, gift_quantity, before_balance, after_balance, create_time, update_time, is_deleted, status, version)`
  for (let start = 0; start < rows; start += chunk) {
    const n = Math.min(chunk, rows - start)
    if (dialect === 'sqlite') {
      await sql`with recursive s(i) as (select cast(${start} as integer) union all select i + 1 from s where i < ${start + n - 1})
        insert into dmr_gift_detail ${columns}
        select cast(cast(${String(BIG_ID_BASE)} as integer) + i as text), '000000', strftime('%Y-%m-%d %H:%M:%S', ${GIFT_START_EPOCH} + i * ${GIFT_STEP_SECONDS}, 'unixepoch'),
          'U' || ((i * 7919) % 50000), ${handle(sql`((i * 7919) % 50000)`)}, 'vn_acct_' || ((i * 7919) % 50000),
          'LIVE-' || (i % 60) || '-' || ((i * ${GIFT_STEP_SECONDS}) / 86400), 'A' || (i % 60), 'Anchor ' || (i % 60),
          'Gift ' || ((i * 13) % 12), (((i * 13) % 12) * ((i * 13) % 12) * 6 + 1) / 2.0, 1 + (i % 5), 100000, 99000,
          strftime('%Y-%m-%d %H:%M:%S', ${GIFT_START_EPOCH} + i * ${GIFT_STEP_SECONDS}, 'unixepoch'), null, 0, 1, 1 from s`.execute(
        db,
      )
    } else {
      await sql`insert into dmr_gift_detail ${columns}
        select (${BIG_ID_BASE}::bigint + i)::text, '000000', to_char(to_timestamp(${GIFT_START_EPOCH} + i * ${GIFT_STEP_SECONDS}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
          'U' || ((i::bigint * 7919) % 50000), ${handle(sql`((i::bigint * 7919) % 50000)`)}, 'vn_acct_' || ((i::bigint * 7919) % 50000),
          'LIVE-' || (i % 60) || '-' || ((i::bigint * ${GIFT_STEP_SECONDS}) / 86400), 'A' || (i % 60), 'Anchor ' || (i % 60),
          'Gift ' || ((i * 13) % 12), (((i * 13) % 12) * ((i * 13) % 12) * 6 + 1) / 2.0, 1 + (i % 5), 100000, 99000,
          to_char(to_timestamp(${GIFT_START_EPOCH} + i * ${GIFT_STEP_SECONDS}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), null, 0, 1, 1
        from generate_series(${start}::int, ${start + n - 1}::int) as i`.execute(db)
    }
  }
  if (dialect === 'postgres') await sql`vacuum analyze dmr_gift_detail`.execute(db)
  else await sql`analyze dmr_gift_detail`.execute(db)
  return { seconds: (performance.now() - t0) / 1000 }
}
