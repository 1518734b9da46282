// Kysely types of reconciliation statements and details (migration 020) and of the customer-service
// and MCN salaries (migration 021); merged into DB in schema.ts.
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

interface Kept {
  tenantId: Generated<string>
  isDeleted: Generated<number>
  version: Generated<number>
}

export interface ReconciliationStatementTable extends Kept {
  id: string
  statementDate: string
  /** Σ amountVnd of the live income details, kept by the server. */
  totalIncomeVnd: Generated<number>
  /** Σ amountVnd of the live expense details, kept by the server. */
  totalExpenseVnd: Generated<number>
  /** totalIncomeVnd − totalExpenseVnd, kept by the server. */
  balanceVnd: Generated<number>
  createdAt: string | null
  updatedAt: string | null
}

export interface ReconciliationDetailTable extends Kept {
  id: string
  statementId: string
  transactionDate: string
  recordDate: string | null
  /** 1 income, 2 expense (business dictionary reconciliation_category). */
  category: number
  source: string
  currency: string
  amount: number
  exchangeRate: number
  /** ⌊amount × exchangeRate⌋, kept by the server. */
  amountVnd: number
  description: string | null
  /** The bank line an import made it from (fingerprint), else null. */
  importRef: string | null
  createdAt: string | null
  updateAt: string | null
}

/** A customer-service salary: amounts in whole đồng, computed parts kept by the server. */
export interface SalaryCsTable extends BaseColumns {
  id: string
  tenantId: Generated<string>
  version: Generated<number>
  detailDate: string
  dmrEmpId: string
  dmrEmpVnName: string | null
  orderCount: Generated<number>
  commissionPerOrder: Generated<number>
  commissionAmount: Generated<number>
  baseAmount: Generated<number>
  bonusAmount: Generated<number>
  deductionAmount: Generated<number>
  totalAmount: Generated<number>
  remark: string | null
}

/** An MCN salary: giftValue from the anchor's gift details of the month; computed parts kept by the server. */
export interface SalaryMcnTable extends BaseColumns {
  id: string
  tenantId: Generated<string>
  version: Generated<number>
  detailDate: string
  dmrEmpId: string
  dmrEmpVnName: string | null
  anchorId: string
  anchorName: string | null
  liveHours: Generated<number>
  giftValue: Generated<number>
  giftRate: Generated<number>
  giftCommission: Generated<number>
  salesAmount: Generated<number>
  salesRate: Generated<number>
  salesCommission: Generated<number>
  baseAmount: Generated<number>
  totalAmount: Generated<number>
  remark: string | null
}

export interface ReconciliationTables {
  dmrReconciliationStatement: ReconciliationStatementTable
  dmrReconciliationDetail: ReconciliationDetailTable
  dmrSalaryCs: SalaryCsTable
  dmrSalaryMcn: SalaryMcnTable
}
