// The route inventory: every registered route with its method, path, declared access, whose rows
// it serves, the fields it never answers and a sample request. What a route does not say is derived
// from the declared entity whose API it is under (src/domain/registry.ts); what cannot be derived
// stays missing, and the inventory test then fails, so no route escapes the generated suites.
import type { EntityDef, FieldDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { isVisible } from '../../src/domain/validate.ts'
import type { Access } from '../core/access.ts'
import type { RouteDef, RouteOwner, RouteSample } from '../core/routes.ts'

export interface InventoryEntry {
  method: RouteDef['method']
  url: string
  access: Access
  owner: RouteOwner | null
  /** The declared entity whose API the route is under. */
  entity: EntityDef | null
  /** Write-only fields (the entity's secrets): never in any answer. */
  writeOnly: string[]
  sample: RouteSample | null
  download: boolean
  /** Needs the OAuth client's Basic header. */
  client: boolean
  /** The R envelope, a JSON of its own, or a file of this content type. */
  answer: 'envelope' | 'bare' | { file: string }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const byLongestApi = [...entities].sort((a, b) => b.api.length - a.api.length)

function entityOfUrl(url: string): EntityDef | null {
  return byLongestApi.find((e) => url === e.api || url.startsWith(`${e.api}/`)) ?? null
}

/** A value the declaration accepts for a field: its example, default or first option, else one by type. */
function declaredValue(f: FieldDef): unknown {
  if (f.example !== undefined) return f.example
  if (f.defaultValue !== undefined) return f.defaultValue
  if (f.options?.kind === 'static') return f.options.options[0]?.value
  switch (f.type) {
    case 'integer':
    case 'number':
      return Math.max(f.min ?? 1, 1)
    case 'boolean':
      return 1
    case 'date':
      return '2026-01-15'
    case 'datetime':
      return '2026-01-15 09:30:00'
    case 'month':
      return '2026-01'
    case 'id':
    case 'ids':
      return '1'
    case 'rows':
      return [
        Object.fromEntries(
          (f.rows ?? []).filter((r) => r.required).map((r) => [r.name, declaredValue(r)]),
        ),
      ]
    default:
      return `样例${f.name}`.slice(0, f.maxLength ?? 255)
  }
}

/** A create body from the declaration: every shown form field with a value it accepts. */
function declaredBody(def: EntityDef): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of def.fields)
    if (!f.readOnly && f.form !== false && f.form !== 'edit' && f.name !== 'id')
      body[f.name] = declaredValue(f)
  for (const f of def.fields) if (!isVisible(f, body)) delete body[f.name]
  return body
}

const GENERIC_WRITES: Record<string, (def: EntityDef) => RouteSample> = {
  submit: (def) => ({ json: declaredBody(def) }),
  save: (def) => ({ json: declaredBody(def) }),
  update: (def) => ({ json: { ...declaredBody(def), [def.key ?? 'id']: '1' } }),
  remove: (def) => ({ query: { [def.key ? 'id' : 'ids']: '1' } }),
  restore: () => ({ query: { ids: '1' } }),
}

function derivedSample(r: RouteDef, entity: EntityDef | null): RouteSample | null {
  if (r.sample) return r.sample
  const verb = r.url.slice(r.url.lastIndexOf('/') + 1)
  if (r.method === 'GET')
    return verb === 'detail' ? { query: { [entity?.key ?? 'id']: '1' } } : { query: {} }
  const write =
    entity && entity.api === r.url.slice(0, r.url.lastIndexOf('/'))
      ? GENERIC_WRITES[verb]
      : undefined
  return write ? write(entity!) : null
}

export function routeInventory(routes: RouteDef[]): InventoryEntry[] {
  return routes.map((r) => {
    const entity = entityOfUrl(r.url)
    return {
      method: r.method,
      url: r.url,
      access: r.access,
      owner: r.owner ?? (entity ? (entity.tenant ? 'tenant' : 'platform') : null),
      entity,
      writeOnly: entity ? entity.fields.filter((f) => f.secret).map((f) => f.name) : [],
      sample: derivedSample(r, entity),
      download: !!r.download,
      client: !!r.client,
      answer: r.answer ?? (r.download ? { file: XLSX_TYPE } : 'envelope'),
    }
  })
}

/** What is missing from an entry, if anything (the inventory test lists these). */
export function missingFromEntry(e: InventoryEntry): string[] {
  const missing: string[] = []
  if (!e.access) missing.push('access')
  if (!e.owner) missing.push('owner')
  if (!e.sample) missing.push('sample')
  return missing
}

/** One line per route, for people: `node scripts/routes.ts`. */
export function describeAccess(a: Access): string {
  switch (a.kind) {
    case 'button':
      return `button ${a.code}`
    case 'anyButton':
      return `any of ${a.codes.join(', ')}`
    default:
      return a.kind
  }
}
