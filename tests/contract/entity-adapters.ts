// Where a hand-written module (custom: true) differs from the generic endpoint shape, the contract
// test in entities.test.ts reads the difference here; everything else (create, detail, update,
// every declared filter, remove, one 400 per required field) still comes from the declaration.
// An entity without an entry is generic. Shapes are those of docs/contract.md §7–§10 and the server modules
// in server/modules/{system,tenant,region}.
import type { EntityDef } from '../../src/domain/entity.ts'
import { salaryAmounts } from '../../src/domain/finance/salary-math.ts'
import { salary } from '../../src/domain/finance/salary.ts'
import { tkOrder } from '../../src/domain/order/tk-order.ts'
import { stockDetail } from '../../src/domain/stock/stock-detail.ts'
import { call } from '../support/http.ts'
import { sampleRecord, type Sample } from '../support/samples.ts'
import type { Row } from './filter-cases.ts'

interface AdapterContext {
  def: EntityDef
  baseUrl: string
  token: string
  salt: string
}

export interface EntityAdapter {
  /** 'page' (default): a page `{records, total}`. 'forest': `data` is the nested forest (children) of every matching row, not paged. */
  list?: 'page' | 'forest'
  /** The query parameter remove takes the key in (default 'ids'; region: `remove?id=<code>`). */
  removeParam?: string
  /** Read-only lists: whether there is a `detail` endpoint (default true). */
  detail?: boolean
  /**
   * Read-only lists: writes a row the list then shows (default: the server already wrote some, e.g.
   * logs) and answers its key and its values for the declared filters the list does not show.
   */
  seed?: (ctx: AdapterContext) => Promise<Row>
  /** Required fields the server fills in for the prepared sample (a dictionary entry's code is its dictionary's). */
  derived?: string[]
  /**
   * Required fields (on the form) that a create may leave out: the module then fills a default (a
   * department's category: its parent's, as Saber's department form sends none). Sent empty they
   * are still refused.
   */
  defaulted?: string[]
  /** Optional fields the module fills when a body leaves them out (or sends null), so any value is right. */
  filled?: string[]
  /** The text field the update step changes, when the first plain text field is one the server sets. */
  updateField?: string
  /**
   * Makes a sample fit the module before it is sent: real parents, a dictionary to hold an entry.
   * `missing`: the required field a validation case leaves out (undefined for the create case).
   */
  prepare?: (sample: Sample, ctx: AdapterContext, missing?: string) => Promise<void>
}

let parents = 0
let salaryMonths = 0

/**
 * A salary sample that fits server/modules/salary: a month of its own (one salary per month and
 * source), its rows' amounts set by hand (the sample's numbers) and answered as such: flags true,
 * totalAmount as the server computes it.
 */
async function salarySample(sample: Sample): Promise<void> {
  salaryMonths += 1
  sample.detailDate = `${2100 + Math.floor(salaryMonths / 12)}-${String((salaryMonths % 12) + 1).padStart(2, '0')}`
  for (const row of Array.isArray(sample.detail) ? sample.detail : []) {
    row.salaryAmountManual = true as unknown as number
    row.intershipAmountManual = true as unknown as number
    row.totalAmount =
      salaryAmounts({ basicSalary: 0, internshipSalary: 0, benefit: 0 }, row).totalAmount ?? 0
  }
}

/** A month no other sample of a salary kind has taken. */
async function ownMonth(sample: Sample): Promise<void> {
  salaryMonths += 1
  sample.detailDate = `${2100 + Math.floor(salaryMonths / 12)}-${String((salaryMonths % 12) + 1).padStart(2, '0')}`
}

/** A stored salary made for a read-only list; its first detail row as salaryList answers it. */
async function seededSalaryRow({ baseUrl, token, salt }: AdapterContext): Promise<Row> {
  const sample = await sampleRecord(salary, baseUrl, token, salt)
  await salarySample(sample)
  const r = await call(baseUrl, 'POST', `/api${salary.api}/submit`, { token, json: sample })
  if (r.status !== 200) throw new Error(`a salary for the salary lists: ${JSON.stringify(r.body)}`)
  const rows = await call(baseUrl, 'GET', `/api${salary.api}/salaryList`, {
    token,
    query: { detailDate: String(sample.detailDate), salarySource: String(sample.salarySource) },
  })
  const row = rows.body.data.records[0] as Row
  return {
    id: row.id,
    salaryId: r.body.data.id,
    dmrEmpId: row.dmrEmpId,
    detailDate: sample.detailDate,
    salarySource: sample.salarySource,
  }
}

/**
 * Dictionaries: an entry lives under a dictionary (parentId 0, dictKey -1) and takes its code, and
 * the seeded system dictionaries are sealed. So the sample becomes an entry of a fresh dictionary,
 * except when the case is a missing `code`: only a dictionary itself is asked for its code.
 */
async function dictEntry(
  sample: Sample,
  { def, baseUrl, token, salt }: AdapterContext,
  missing?: string,
): Promise<void> {
  if (missing === 'code') {
    delete sample.parentId
    return
  }
  parents += 1
  const code = `contract_${salt}_${parents}`
  const r = await call(baseUrl, 'POST', `/api${def.api}/submit`, {
    token,
    json: { code, dictValue: `parent ${code}`, sort: 1, isSealed: 0 },
  })
  if (r.status !== 200)
    throw new Error(`dictionary for the ${def.name} entry: ${JSON.stringify(r.body)}`)
  sample.parentId = r.body.data.id as string
  sample.code = code
}

const dictionary: EntityAdapter = {
  list: 'forest',
  updateField: 'dictValue',
  prepare: dictEntry,
  derived: ['code'],
}

const adapters: Record<string, EntityAdapter> = {
  // Generic list/detail/submit/remove (server/modules/tenant); creation also provisions the tenant.
  tenant: {},
  // Paged UserVO list; filters account, realName (LIKE) and status (equal), plain or suffixed. A
  // user without tenant is the caller's tenant's; the VO answers no sex as -1 (unknown), as Blade.
  user: { filled: ['tenantId', 'sex'] },
  // Forest lists of the caller's tenant with the declared filters, plain or suffixed (docs/contract.md §10.2, §10.3, §7.2).
  role: { list: 'forest' },
  dept: { list: 'forest', defaulted: ['deptCategory'] },
  menu: { list: 'forest' },
  dict: dictionary,
  dictBiz: dictionary,
  // Keyed by code (detail?code=, the declaration's `key`), remove?id=<code>, hard delete; a region
  // hangs under a real one (the root '00'). Submit is an upsert by code, so each case has its own
  // code: a refused create must never meet a row another case left behind and update it instead.
  region: {
    removeParam: 'id',
    prepare: async (sample, { salt }) => {
      sample.parentCode = '00'
      sample.code = `09${salt.replace(/\D/g, '').padStart(2, '0')}`
    },
  },
  // Per-SKU sums of the live count lines (server/modules/stock): list and page only, keyed by
  // skuNo, no detail, no writes; a count line makes a row, and its count is the dmrStockId filter.
  stockDetailTotal: {
    detail: false,
    seed: async ({ baseUrl, token, salt }) => {
      const line = await sampleRecord(stockDetail, baseUrl, token, salt)
      const r = await call(baseUrl, 'POST', `/api${stockDetail.api}/submit`, { token, json: line })
      if (r.status !== 200)
        throw new Error(`a count line for the totals: ${JSON.stringify(r.body)}`)
      return { skuNo: line.skuNo, dmrStockId: line.dmrStockId }
    },
  },
  // Generic endpoints (server/modules/tk-order); a cancelled line, so its server-kept returnType
  // (the returnType filter) has a value.
  tkOrder: {
    prepare: async (sample) => {
      sample.cancelRefundType = 'Cancel'
    },
  },
  // The monthly summary of the TK orders (server/modules/tk-order): list, page and export only, keyed
  // by orderYearMonth, no detail, no writes; a TK order line makes its month's row.
  tkOrderMonth: {
    detail: false,
    seed: async ({ baseUrl, token, salt }) => {
      const line = await sampleRecord(tkOrder, baseUrl, token, salt)
      const r = await call(baseUrl, 'POST', `/api${tkOrder.api}/submit`, {
        token,
        json: { ...line, orderCreateTime: '2024-02-03 04:05:06' },
      })
      if (r.status !== 200)
        throw new Error(`a TK order line for the summary: ${JSON.stringify(r.body)}`)
      return { orderYearMonth: '2024-02' }
    },
  },
  // Generic endpoints (server/modules/product). The sample is a single product (the first static
  // choice), which has no combo parts: the server stores none for it, so the sample sends none.
  product: {
    prepare: async (sample) => {
      if (String(sample.productIsMix) !== '1') delete sample.productComboSku
    },
  },
  // Generic endpoints with hooks (server/modules/order); its detail carries the lines with the
  // amount the server computed, so the sample's lines say the same amount (quantity × unitPrice).
  // An order left without a number gets the day's next one.
  order: {
    filled: ['orderNo'],
    prepare: async (sample) => {
      const lines = Array.isArray(sample.items) ? sample.items : []
      for (const line of lines) line.amount = Number(line.quantity) * Number(line.unitPrice)
    },
  },
  // Generic endpoints with hooks (server/modules/employee): the citizen ID is unique per tenant, so each
  // case has its own (a picker's sample row takes the declared example); the Chinese name is a filter
  // the form does not show, so the sample sets it through the API.
  // Generic endpoints with hooks and its own detail (server/modules/salary).
  salary: { prepare: salarySample },
  // The salary rows flattened (read-only, generic list/page/detail/export under salaryList): a salary makes them.
  salaryDetail: { seed: seededSalaryRow },
  // The monthly summary (server/modules/salary): list, page and export only, a row per salary
  // (its id), no detail, no writes; a salary makes its row.
  salaryMonth: {
    detail: false,
    seed: async (ctx) => {
      const row = await seededSalaryRow(ctx)
      return { id: row.salaryId, detailDate: row.detailDate, salarySource: row.salarySource }
    },
  },
  // One live row per month and employee (MCN: and anchor account): each sample is a month of its own,
  // so a create never meets a row another case left behind.
  salaryCs: { prepare: ownMonth },
  salaryMcn: { prepare: ownMonth },
  // A detail without a record date is booked today (server/modules/reconciliation/detail-rules.ts).
  reconciliationDetail: { filled: ['recordDate'] },
  employee: {
    prepare: async (sample, { salt }) => {
      sample.dmrEmpIdcard = `0792${[...salt].map((c) => c.charCodeAt(0) % 10).join('')}`.padEnd(
        12,
        '5',
      )
      sample.dmrEmpCnName = `阮文${salt}`
    },
  },
}

/** The adapter of an entity: {} for a generic one; null for a custom one nobody described (a failing test, not a skip). */
export function adapterOf(def: EntityDef): EntityAdapter | null {
  return adapters[def.name] ?? (def.custom ? null : {})
}
