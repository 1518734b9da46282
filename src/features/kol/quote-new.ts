// A quotation made on the phone, also offline: the declaration's form without the KOL picker (the KOL
// is fixed), the values it starts with, and the schedule rows' prices following the record's as
// they are typed, so one row is complete without typing every price twice. Pure.
import type { FormRow, FormValues } from '@/crud/form/form-values'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { cooperateInfo, SCHEDULE_SINGLE } from '@/domain/kol/cooperate-info'
import type { Kol } from './kol-overlay'

export const quoteForm: EntityDef = {
  ...cooperateInfo,
  fields: cooperateInfo.fields.map((f: FieldDef) =>
    f.name === 'kolId' ? { ...f, form: false } : f,
  ),
}

const detailField: FieldDef = cooperateInfo.fields.find((f) => f.name === 'detail')!
/** The schedule row's cells that the record has too: prices, commissions and SKU count. */
const SHARED = (detailField.rows ?? [])
  .map((sub) => sub.name)
  .filter((name) => cooperateInfo.fields.some((f) => f.name === name))

/** The KOL's city, a single-day schedule and one schedule row to fill. */
export function newQuoteDefaults(kol: Kol): Record<string, unknown> {
  return { kolFrom: kol.kolFrom ?? '', scheduleType: SCHEDULE_SINGLE, detail: [{}] }
}

const blank = (v: unknown) => v === null || v === undefined || v === ''
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '')

/**
 * The schedule rows after the form went from `prev` to `next` (null: unchanged). A cell follows its
 * record value while it is empty or still equal to it; a row added since starts from the record's
 * values. A cell typed over by hand keeps its own value.
 */
export function followRecord(prev: FormValues, next: FormValues): FormRow[] | null {
  const before = (prev.detail as FormRow[] | undefined) ?? []
  const rows = (next.detail as FormRow[] | undefined) ?? []
  let changed = false
  const out = rows.map((row, i) => {
    const copy = { ...row }
    for (const name of SHARED) {
      const now = next[name] as FormRow[string]
      const follows =
        i >= before.length
          ? blank(row[name])
          : !same(prev[name], now) && (blank(row[name]) || same(row[name], prev[name]))
      if (follows && !same(row[name], now)) {
        copy[name] = now
        changed = true
      }
    }
    return copy
  })
  return changed ? out : null
}
