// Real field-work rows of tenant 000000: one stock count of the house brand with its lines (made
// on the warehouse tablet) and three KOLs of the outreach team. Idempotent by stable ids.
import type { Kysely } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import { DEPT_OUTREACH, DEPT_WAREHOUSE, TENANT_ID, USER_OUTREACH, USER_WAREHOUSE } from './ids.ts'
import { stableId } from './stable-id.ts'

const COUNT_ID = stableId('stock_taking', '2026-01-05/dmr')

const LINES = [
  {
    skuNo: 'DMR-AO-DAI-S-RED',
    productStyleNo: 'AD2026',
    productQuantity: 24,
    warehousePosition: 'A-01-03',
  },
  {
    skuNo: 'DMR-AO-DAI-M-RED',
    productStyleNo: 'AD2026',
    productQuantity: 31,
    warehousePosition: 'A-01-04',
  },
  {
    skuNo: 'DMR-NON-LA-01',
    productStyleNo: 'NL100',
    productQuantity: 12,
    warehousePosition: 'B-02-01',
  },
]

const KOLS = [
  {
    kolName: 'Linh Nguyễn',
    tkUserName: 'linhnguyen.style',
    kolSex: 2,
    kolType: 'live_streamer',
    kolCategory: 'fashion',
    kolTags: 'high_conversion,long_term',
    tkFollowers: 185000,
    kolFrom: 'Hồ Chí Minh',
    engagementRate: 6.2,
  },
  {
    kolName: 'Minh Trần',
    tkUserName: 'minhtran.review',
    kolSex: 1,
    kolType: 'video_creator',
    kolCategory: 'tech',
    kolTags: 'high_engagement',
    tkFollowers: 92000,
    kolFrom: 'Hà Nội',
    engagementRate: 8.4,
  },
  {
    kolName: 'Thảo Phạm',
    tkUserName: 'thaopham.beauty',
    kolSex: 2,
    kolType: 'live_streamer,video_creator',
    kolCategory: 'beauty',
    kolTags: 'rising,cost_effective',
    tkFollowers: 46000,
    kolFrom: 'Đà Nẵng',
    engagementRate: 9.1,
  },
]

export async function seedField(db: Kysely<DB>): Promise<void> {
  const t = now()
  const warehouse = {
    tenantId: TENANT_ID,
    createUser: USER_WAREHOUSE,
    createDept: DEPT_WAREHOUSE,
    createTime: t,
    updateUser: USER_WAREHOUSE,
    updateTime: t,
  }
  if (
    !(await db
      .selectFrom('dmrStockTaking')
      .select('id')
      .where('id', '=', COUNT_ID)
      .executeTakeFirst())
  ) {
    const stockTotal = LINES.reduce((sum, l) => sum + l.productQuantity, 0)
    await db
      .insertInto('dmrStockTaking')
      .values({ ...warehouse, id: COUNT_ID, checkDate: '2026-01-05', brandId: 'dmr', stockTotal })
      .execute()
    for (const l of LINES) {
      await db
        .insertInto('dmrStockDetail')
        .values({
          ...warehouse,
          ...l,
          id: stableId('stock_detail', `${COUNT_ID}/${l.skuNo}`),
          dmrStockId: COUNT_ID,
          deviceId: 'seed',
        })
        .execute()
    }
  }
  const outreach = {
    tenantId: TENANT_ID,
    createUser: USER_OUTREACH,
    createDept: DEPT_OUTREACH,
    createTime: t,
    updateUser: USER_OUTREACH,
    updateTime: t,
  }
  for (const k of KOLS) {
    const id = stableId('kol_file', k.tkUserName)
    if (await db.selectFrom('dmrKolFile').select('id').where('id', '=', id).executeTakeFirst())
      continue
    await db
      .insertInto('dmrKolFile')
      .values({ ...outreach, ...k, id, contactStatus: 'created' })
      .execute()
  }
}
