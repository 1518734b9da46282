// Reconciliation: statements and details over the generic endpoints with their rules
// (statement-rules.ts, detail-rules.ts: totals kept in every detail write), the statements' picker
// (`select`, for the detail form and the bank import) and the bank statement import into a
// statement (bank-line-rules.ts) under the details' API and import button.
import { reconciliationBankLine } from '../../../src/domain/reconciliation/bank-line.ts'
import { reconciliationDetail } from '../../../src/domain/reconciliation/reconciliation-detail.ts'
import { reconciliationStatement } from '../../../src/domain/reconciliation/reconciliation-statement.ts'
import { importRoutes } from '../../crud/import/routes.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { pickerRoute } from '../../crud/picker.ts'
import type { Module } from '../../core/routes.ts'
import { bankLineRules } from './bank-line-rules.ts'
import { detailRules } from './detail-rules.ts'
import { statementRules } from './statement-rules.ts'

export const reconciliationCrud: Record<string, CrudOptions> = {
  [reconciliationStatement.name]: statementRules,
  [reconciliationDetail.name]: detailRules,
}

export const reconciliationModule: Module = (ctx) => [
  pickerRoute(ctx, {
    url: `${reconciliationStatement.api}/select`,
    access: {
      kind: 'anyButton',
      codes: [reconciliationStatement.permission, reconciliationDetail.permission],
    },
    table: reconciliationStatement.table,
    columns: ['id', 'statement_date'],
    orderBy: [
      ['statement_date', 'desc'],
      ['id', 'desc'],
    ],
  }),
  ...importRoutes(reconciliationBankLine, ctx, bankLineRules),
]
