// Customer-service salaries (/api/dmr/salaryCs) and MCN salaries (/api/dmr/salaryMcn): the generic
// endpoints with their rules (salary-extra-rules.ts); cost.ts gives the dashboard their month's cost.
import { salaryCs } from '../../../src/domain/finance/salary-cs.ts'
import { salaryMcn } from '../../../src/domain/finance/salary-mcn.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { csRules, mcnRules } from './salary-extra-rules.ts'

export const salaryExtraCrud: Record<string, CrudOptions> = {
  [salaryCs.name]: csRules,
  [salaryMcn.name]: mcnRules,
}
