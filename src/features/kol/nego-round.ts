// Price negotiation of a quotation (docs/product.md §3, §5, §9): rounds negoPrice1→2→3 with
// negoCms1→2→3, each within the declaration's limits (10000 W, 30 %) and with its messages. Pure.
import { cooperateInfo } from '@/domain/kol/cooperate-info'
import type { FieldDef } from '@/domain/entity'
import type { Message } from '@/domain/messages'
import { validateField } from '@/domain/validate'

export const ROUNDS = [1, 2, 3] as const
export type Round = (typeof ROUNDS)[number]

const fieldOf = (name: string): FieldDef => cooperateInfo.fields.find((f) => f.name === name)!

export const priceField = (round: Round) => fieldOf(`negoPrice${round}`)
export const cmsField = (round: Round) => fieldOf(`negoCms${round}`)

const filled = (v: unknown) => v !== null && v !== undefined && v !== ''

/** The round to record next: the first without a price; when all three have one, the final round is revised. */
export function nextRound(record: Record<string, unknown>): { round: Round; revise: boolean } {
  const open = ROUNDS.find((r) => !filled(record[`negoPrice${r}`]))
  return open ? { round: open, revise: false } : { round: 3, revise: true }
}

export interface RoundInput {
  price: number | string | null
  cms: number | string | null
}

/** The declaration's messages for a round's price and commission (null: valid). */
export function checkRound(
  round: Round,
  input: RoundInput,
): { price: Message | null; cms: Message | null } {
  return {
    price: validateField(priceField(round), input.price),
    cms: validateField(cmsField(round), input.cms),
  }
}

/** The fields an update of this round writes. */
export function roundPayload(round: Round, input: RoundInput): Record<string, number> {
  return { [`negoPrice${round}`]: Number(input.price), [`negoCms${round}`]: Number(input.cms) }
}
