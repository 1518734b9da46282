// Names and colours of an outbox row's operation and state, and the entity title from the registry.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EntityDef } from '@/domain/entity'
import { entities } from '@/domain/registry'
import type { OutboxRow, OutboxState } from '@/offline/db'

const stateLabels = {
  pending: msg`待同步`,
  sending: msg`同步中`,
  conflict: msg`冲突`,
  rejected: msg`被拒绝`,
  'needs-auth': msg`需要登录`,
} as const

const stateColors: Record<OutboxState, string> = {
  pending: 'blue',
  sending: 'cyan',
  conflict: 'orange',
  rejected: 'red',
  'needs-auth': 'grape',
}

export const OUTBOX_STATES: OutboxState[] = [
  'pending',
  'sending',
  'conflict',
  'rejected',
  'needs-auth',
]

export const stateLabel = (i18n: I18n, state: OutboxState): string => i18n._(stateLabels[state])
export const stateColor = (state: OutboxState): string => stateColors[state]

/** A create carries no base version (a client-made id); `submit` with a base version edits. */
export const isCreate = (row: Pick<OutboxRow, 'op' | 'baseVersion'>): boolean =>
  (row.op === 'submit' || row.op === 'save') && row.baseVersion === null

export function opLabel(i18n: I18n, row: Pick<OutboxRow, 'op' | 'baseVersion'>): string {
  if (row.op === 'remove') return i18n._(msg`删除`)
  return isCreate(row) ? i18n._(msg`新增`) : i18n._(msg`修改`)
}

const byName = new Map(entities.map((e) => [e.name, e]))

export const entityOf = (name: string): EntityDef | undefined => byName.get(name)

/** The entity's title in the active language; an entity no longer declared shows its name. */
export function entityTitle(i18n: I18n, name: string): string {
  const def = entityOf(name)
  return def ? i18n._(def.title) : name
}

/** Whether the user must act on the row (it blocks the later rows of its record). */
export const needsAttention = (state: OutboxState): boolean =>
  state === 'conflict' || state === 'rejected'
