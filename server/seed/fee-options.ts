// TikTok Shop's fees in Vietnam as fee options of tenant 000000 (bilingual, docs/product.md §3), so
// TK fees can be entered from the first start. Idempotent by stable ids (by the English name).
import type { Insertable, Kysely } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB, FeeOptionTable } from '../db/schema.ts'
import { DEPT_OFFICE, TENANT_ID, USER_OFFICE } from './ids.ts'
import { stableId } from './stable-id.ts'

type FeeOptionSeed = Pick<
  Insertable<FeeOptionTable>,
  'feeOptionEn' | 'feeOprionCn' | 'feeExplanEn' | 'feeExplanCn' | 'feeFormulaEn' | 'feeFormulaCn'
>

const FEE_OPTIONS: FeeOptionSeed[] = [
  {
    feeOptionEn: 'Commission fee',
    feeOprionCn: '平台佣金',
    feeExplanEn:
      'The platform commission TikTok Shop takes on each settled order, by product category.',
    feeExplanCn: 'TikTok Shop 按商品类目对每笔结算订单收取的平台佣金。',
    feeFormulaEn: '(SKU subtotal after seller discount) × category commission rate',
    feeFormulaCn: '(卖家折后SKU小计) × 类目佣金率',
  },
  {
    feeOptionEn: 'Transaction fee',
    feeOprionCn: '交易手续费',
    feeExplanEn: 'The payment processing fee on what the buyer paid, shipping included.',
    feeExplanCn: '对买家实付金额(含运费)收取的支付处理费。',
    feeFormulaEn: '(buyer payment + shipping fee) × transaction fee rate',
    feeFormulaCn: '(买家实付 + 运费) × 交易手续费率',
  },
  {
    feeOptionEn: 'Shipping fee',
    feeOprionCn: '运费',
    feeExplanEn:
      "The shipping cost the seller bears after the buyer's share and the platform's shipping subsidy.",
    feeExplanCn: '扣除买家承担部分和平台运费补贴后由卖家承担的运费。',
    feeFormulaEn: 'actual shipping fee − buyer shipping fee − platform shipping discount',
    feeFormulaCn: '实际运费 − 买家运费 − 平台运费折扣',
  },
  {
    feeOptionEn: 'Affiliate commission',
    feeOprionCn: '达人佣金',
    feeExplanEn:
      'The commission paid to the creator (affiliate) whose video or live stream sold the order.',
    feeExplanCn: '支付给带货达人(联盟)的佣金，按其视频或直播成交的订单计。',
    feeFormulaEn: 'affiliate-attributed order amount × creator commission rate',
    feeFormulaCn: '达人带货订单金额 × 达人佣金率',
  },
  {
    feeOptionEn: 'Voucher Xtra service fee',
    feeOprionCn: '平台券服务费',
    feeExplanEn:
      'The fee for joining the Voucher Xtra programme, on orders that used its vouchers.',
    feeExplanCn: '参加平台优惠券(Voucher Xtra)活动的服务费，按使用该券的订单收取。',
    feeFormulaEn: 'order amount × Voucher Xtra service rate (capped per item)',
    feeFormulaCn: '订单金额 × 平台券服务费率(单件封顶)',
  },
  {
    feeOptionEn: 'SFP service fee',
    feeOprionCn: '运费补贴计划服务费',
    feeExplanEn:
      'The fee of the Shipping Fee Programme (free shipping for buyers), on orders in the programme.',
    feeExplanCn: '参加运费补贴计划(买家包邮)的服务费，按计划内订单收取。',
    feeFormulaEn: 'order amount × SFP service rate (capped per item)',
    feeFormulaCn: '订单金额 × 运费补贴计划费率(单件封顶)',
  },
]

export async function seedFeeOptions(db: Kysely<DB>): Promise<void> {
  const t = now()
  const office = {
    tenantId: TENANT_ID,
    createUser: USER_OFFICE,
    createDept: DEPT_OFFICE,
    createTime: t,
    updateUser: USER_OFFICE,
    updateTime: t,
  }
  const have = new Set(
    (
      await db.selectFrom('dmrFeeOption').select('id').where('tenantId', '=', TENANT_ID).execute()
    ).map((r) => r.id),
  )
  const rows = FEE_OPTIONS.map((f) => ({
    ...office,
    ...f,
    id: stableId('fee_option', `${TENANT_ID}/${String(f.feeOptionEn)}`),
  })).filter((r) => !have.has(r.id))
  if (rows.length) await db.insertInto('dmrFeeOption').values(rows).execute()
}
