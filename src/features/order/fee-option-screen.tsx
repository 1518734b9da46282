// Fee options (/order/fee-option): the generic list showing each fee option in the UI language
// (Chinese UI: the Chinese name, explanation and formula; English UI: the English ones), each
// falling back to the other language's text when empty. Forms and the view keep all six fields.
import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import type { CrudSlots } from '@/crud/slots'
import type { EntityDef } from '@/domain/entity'
import { feeOption, inUiLanguage } from '@/domain/order/fee-option'

/** The Chinese/English field pairs; the list shows the one of the UI language (the other when empty). */
const PAIRS = [
  ['feeOprionCn', 'feeOptionEn'],
  ['feeExplanCn', 'feeExplanEn'],
  ['feeFormulaCn', 'feeFormulaEn'],
] as const

export default function FeeOptionScreen() {
  const { i18n } = useLingui()
  const english = i18n.locale.startsWith('en')
  const { def, slots } = useMemo(() => {
    const hidden = new Set<string>(PAIRS.map(([cn, en]) => (english ? cn : en)))
    const localized: EntityDef = {
      ...feeOption,
      fields: feeOption.fields.map((f) => (hidden.has(f.name) ? { ...f, list: false } : f)),
    }
    const cells: CrudSlots['cells'] = Object.fromEntries(
      PAIRS.map(([cn, en]) => [
        english ? en : cn,
        (row: Record<string, unknown>) => inUiLanguage(row, cn, en, i18n.locale),
      ]),
    )
    return { def: localized, slots: { cells } satisfies CrudSlots }
  }, [english, i18n.locale])
  return <CrudScreen entity={def} slots={slots} />
}
