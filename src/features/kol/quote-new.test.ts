// The schedule rows of a new quotation follow the record's prices while the user has not typed
// over them, and the form starts from the KOL's city with one row.
import { describe, expect, it } from 'vitest'
import { toFormValues, type FormRow, type FormValues } from '@/crud/form/form-values'
import { followRecord, newQuoteDefaults, quoteForm } from './quote-new'

const start = () =>
  toFormValues(quoteForm, 'add', newQuoteDefaults({ id: '13', kolFrom: 'Hà Nội' }))
const rows = (v: FormValues) => v.detail as FormRow[]
const withRecord = (v: FormValues, patch: FormValues): FormValues => ({ ...v, ...patch })

describe('new quotation values', () => {
  it('starts from the KOL city, a single day and one empty row; the KOL is not a form field', () => {
    const v = start()
    expect(v).toMatchObject({ kolFrom: 'Hà Nội', scheduleType: '1' })
    expect(rows(v)).toHaveLength(1)
    expect(rows(v)[0]!.kolPrice).toBe('')
    expect('kolId' in v).toBe(false)
  })

  it('copies a typed price into the rows, follows it, and leaves a cell typed over alone', () => {
    const v0 = start()
    const v1 = withRecord(v0, { kolPrice: 12 })
    const r1 = followRecord(v0, v1)!
    expect(r1[0]!.kolPrice).toBe(12)
    const v2 = withRecord({ ...v1, detail: r1 }, { kolPrice: 120 })
    expect(followRecord(v1, v2)![0]!.kolPrice).toBe(120)
    // Typed over by hand: the record's next change leaves it.
    const v3: FormValues = { ...v2, detail: [{ ...rows(v2)[0]!, kolPrice: 100 }] }
    expect(followRecord(v3, withRecord(v3, { kolPrice: 130 }))).toBeNull()
    // Nothing changed: nothing to write (the effect settles).
    expect(followRecord(v3, v3)).toBeNull()
  })

  it('fills a row added later from the record', () => {
    const v0 = withRecord(start(), { kolPrice: 120, negoCms3: 9 })
    const v1: FormValues = {
      ...v0,
      detail: [...rows(v0), { ...rows(v0)[0]!, kolPrice: '', negoCms3: '' }],
    }
    const r = followRecord(v0, v1)!
    expect(r[1]).toMatchObject({ kolPrice: 120, negoCms3: 9 })
  })
})
