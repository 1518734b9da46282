// The one place that narrows rows to what the caller may see: soft delete, tenant, and (later)
// data scope. Every generic query and write goes through it.
import { sql, type RawBuilder } from 'kysely'
import type { EntityDef } from '../../src/domain/entity.ts'
import { isAdministrator, type AuthUser } from '../auth/context.ts'
import type { DataScopeRule } from '../auth/scopes.ts'
import type { AnySelect, AnyUpdate } from './table.ts'

type AnyQuery = AnySelect | AnyUpdate

export interface ScopeOptions {
  /** An administrator of tenant 000000 may ask for another tenant's rows (tenant screens). */
  tenantId?: string
  /** Extra equality conditions for this caller (column → value), e.g. a tenant admin sees only their tenant row. */
  restrict?: (user: AuthUser) => Record<string, string | number> | null
  /** The caller's data scope for this entity (dataScopeFor): null or absent = all rows. */
  dataScope?: DataScopeRule[] | null
  /** The soft-deleted rows instead of the live ones (a restore puts them back). */
  deleted?: boolean
}

export function tenantOf(user: AuthUser, opts: ScopeOptions = {}): string {
  return opts.tenantId && isAdministrator(user) ? opts.tenantId : user.tenantId
}

export function scoped<Q extends AnyQuery>(
  q: Q,
  def: EntityDef,
  user: AuthUser,
  opts: ScopeOptions = {},
): Q {
  // Both builder kinds share where(); TypeScript cannot call a method on their union directly.
  let out = q as AnySelect
  if (def.softDelete) out = out.where('is_deleted', '=', opts.deleted ? 1 : 0)
  if (def.tenant) out = out.where('tenant_id', '=', tenantOf(user, opts))
  for (const [column, value] of Object.entries(opts.restrict?.(user) ?? {}))
    out = out.where(column, '=', value)
  const rules = opts.dataScope
  if (rules) {
    const usable = rules.filter((r) => r.values.length > 0)
    out =
      usable.length === 0
        ? out.where(sql<boolean>`1 = 0`)
        : out.where((eb) => eb.or(usable.map((r) => eb(r.column, 'in', r.values))))
  }
  return out as unknown as Q
}

/**
 * The data scope as one SQL condition, for the hand-written queries over an entity's rows (totals,
 * summaries) that the builder above cannot wrap: true for every row, false when nothing is allowed.
 */
export function dataScopeCondition(rules: DataScopeRule[] | null): RawBuilder<boolean> {
  if (!rules) return sql<boolean>`1 = 1`
  const usable = rules.filter((r) => r.values.length > 0)
  if (usable.length === 0) return sql<boolean>`1 = 0`
  return sql<boolean>`(${sql.join(
    usable.map((r) => sql`${sql.ref(r.column)} in (${sql.join(r.values)})`),
    sql` or `,
  )})`
}
