// Actions that write by ids only (grants, unlock, reset password, settings, enable) send the versions
// of the rows the screen shows, so that a row changed since is refused (409) instead of overwritten.
// A server that keeps no versions (a plain Blade one) gets none and acts as before.
import { notifications } from '@mantine/notifications'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { Row } from '../entity-api'
import { refreshAfterWrite } from '../refresh'
import { staleRows } from './use-conflict'

const hasVersion = (row: Row) =>
  row.version !== undefined && row.version !== null && row.version !== ''

/** The rows' versions in their order, or undefined when a row carries none. */
export function versionsOf(rows: readonly Row[]): string[] | undefined {
  return rows.length > 0 && rows.every(hasVersion) ? rows.map((r) => String(r.version)) : undefined
}

/** `versions` beside an ids list in a query string, when the rows have them. */
export function versionsQuery(rows: readonly Row[]): { versions?: string } {
  const versions = versionsOf(rows)
  return versions ? { versions: versions.join(',') } : {}
}

/** The rows as the server now has them (a 409's), in the order of mine; a row the server did not send stays. */
export const currentRows = (mine: readonly Row[], theirs: readonly Row[]) =>
  mine.map((r) => theirs.find((x) => String(x.id) === String(r.id)) ?? r)

const STALE = msg`所选数据已被他人修改，列表已刷新，请核对后重新操作`

/**
 * After an action on listed rows failed: a refusal because a row changed since the list was read
 * says so and refreshes the list (true); any other error is left to the caller (false).
 */
export function staleActionRefused(
  err: unknown,
  i18n: I18n,
  client: QueryClient,
  entity: string,
): boolean {
  if (!staleRows(err)) return false
  notifications.show({ color: 'orange', message: i18n._(STALE) })
  void refreshAfterWrite(client, entity)
  return true
}
