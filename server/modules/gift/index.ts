// Live gifts: the generic endpoints of gift details, refusing a second live row of one key
// (liveId + userId + sendGiftTime + giftName, the import's key), and the four totals screens' reads
// and exports (gift-totals.ts), each under the buttons of its own menu.
import { giftDetail } from '../../../src/domain/gift/gift-detail.ts'
import { GIFT_TOTALS } from '../../../src/domain/gift/gift-totals.ts'
import { button } from '../../core/access.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import { lockNames } from '../../db/advisory-locks.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module, type RouteDef } from '../../core/routes.ts'
import { exportGiftTotals } from './gift-export.ts'
import { giftTotals } from './gift-totals.ts'

const KEY = [
  ['live_id', 'liveId'],
  ['user_id', 'userId'],
  ['send_gift_time', 'sendGiftTime'],
  ['gift_name', 'giftName'],
] as const

/**
 * The key must be free among the tenant's live rows (the unique index would only answer a 500). On
 * PostgreSQL two writes of one key at once would both find it free: a lock on the key, held to the
 * end of the transaction, makes the later one look after the earlier one has committed.
 */
async function keyMustBeFree({
  ctx,
  trx,
  user,
  values,
  existing,
  input,
  importKeyChecked,
}: WriteContext): Promise<void> {
  // An import locked its chunk's keys and matched the row by this very key (lockImportKeys).
  if (importKeyChecked) return
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  const key = KEY.map(([column, name]) =>
    String(column in values ? values[column] : existing?.[name]),
  )
  await lockNames(trx, ctx.dialect, [lockName(tenantId, key)])
  let q = trx
    .selectFrom(giftDetail.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
  for (const [i, [column]] of KEY.entries()) q = q.where(column, '=', key[i]!)
  if (existing) q = q.where('id', '<>', String(existing.id))
  if (await q.executeTakeFirst())
    throw badRequest('同一直播、用户、送礼时间与礼物名称的礼物明细已存在')
}

/** The advisory lock of one key of a tenant's gift rows. */
const lockName = (tenantId: string, key: string[]) =>
  [giftDetail.table, tenantId, ...key].join('\u0001')

export const giftCrud: Record<string, CrudOptions> = {
  [giftDetail.name]: {
    beforeWrite: keyMustBeFree,
    lockImportKeys: ({ ctx, trx, tenantId, inputs }) =>
      lockNames(
        trx,
        ctx.dialect,
        inputs.map((i) =>
          lockName(
            tenantId,
            KEY.map(([, name]) => String(i[name] ?? '')),
          ),
        ),
      ),
  },
}

const RANGE_SAMPLE = {
  sendGiftTime_ge: '2026-01-01 00:00:00',
  sendGiftTime_le: '2026-01-31 23:59:59',
}

export const giftModule: Module = (ctx) =>
  GIFT_TOTALS.flatMap((def): RouteDef[] => [
    {
      method: 'GET',
      url: def.api,
      access: button(def.permission),
      sample: { query: RANGE_SAMPLE },
      handler: async (req) => ok(await giftTotals(ctx, def.grouping, caller(req), params(req))),
    },
    {
      method: 'GET',
      url: `${def.api}/export`,
      access: button(`${def.permission}_export`),
      download: true,
      sample: { query: RANGE_SAMPLE },
      handler: async (req, reply) => exportGiftTotals(ctx, def, caller(req), params(req), reply),
    },
  ])
