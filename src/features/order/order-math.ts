// What the order form shows before saving: a line's amount and the order total, in whole cents as
// the server computes them (server/modules/order/order-rules.ts), so the preview matches.
import type { FormRow, FormValue } from '@/crud/form/form-values'

/** A product as the order's product picker answers it. */
export interface PickedProduct {
  id: string
  skuNo: string
  productName: string | null
  productPrice: number | null
  label: string
}

const cents = (v: unknown): number | null => {
  if (v === '' || v === null || v === undefined) return null
  const n = Number(v)
  return Number.isFinite(n) ? Math.round(n * 100) : null
}

/** quantity × unitPrice, or null while either is missing. */
export function lineAmount(line: FormRow): number | null {
  const q = cents(line.quantity)
  const p = cents(line.unitPrice)
  return q === null || p === null ? null : ((q / 100) * p) / 100
}

/** Σ line amounts + shipping − discount (a missing fee or discount counts as 0). */
export function orderTotalOf(
  lines: FormRow[],
  shippingFee: FormValue | undefined,
  discount: FormValue | undefined,
): number {
  const sum = lines.reduce((acc, l) => acc + Math.round((lineAmount(l) ?? 0) * 100), 0)
  return (sum + (cents(shippingFee) ?? 0) - (cents(discount) ?? 0)) / 100
}
