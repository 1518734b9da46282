// The rules of reconciliation money that both halves share: the currencies a detail is kept in (VND
// at the fixed rate 1), its đồng amount = ⌊amount × exchangeRate⌋, the two categories a statement
// sums (1 income, 2 expense: keys of the business dictionary reconciliation_category) and the
// source a bank statement line is booked under.
import { flooredProduct } from '../floor-money.ts'

export const CURRENCIES = ['VND', 'USD', 'CNY'] as const
export type Currency = (typeof CURRENCIES)[number]
export const VND: Currency = 'VND'

export const CATEGORY_INCOME = 1
export const CATEGORY_EXPENSE = 2

/** The reconciliation_source key of a line imported from a bank statement. */
export const SOURCE_BANK = 'bank'

/** Money bounds: an amount in its currency, a rate in đồng per unit (their product stays an exact double). */
export const MAX_AMOUNT = 10_000_000_000
export const MAX_EXCHANGE_RATE = 100_000

/** The rate a detail is stored with: 1 for VND whatever was sent, else the given one. */
export function rateOf(currency: unknown, rate: unknown): unknown {
  return currency === VND ? 1 : rate
}

/** ⌊amount × rate⌋ in đồng, or null when either is missing or no decimal. */
export function amountVndOf(amount: unknown, currency: unknown, rate: unknown): number | null {
  return flooredProduct([amount, rateOf(currency, rate)])
}
