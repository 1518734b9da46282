// Valid sample records generated from an entity declaration, for the contract tests that iterate
// over every declared entity. Option fields take a real value from the running server.
import type { EntityDef, FieldDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { call } from './http.ts'

/** A field value: text or a number, or the sub-records of a 'rows' field. */
type SampleValue = string | number | Sample[]
export interface Sample {
  [field: string]: SampleValue
}

/** A real option's value; null when there is none yet and the field may stay empty (the parent of a tree's first node). */
async function optionValue(
  baseUrl: string,
  token: string,
  f: FieldDef,
): Promise<string | number | null | undefined> {
  const o = f.options
  if (!o) return undefined
  if (o.kind === 'static') return o.options[0]?.value
  const url =
    o.kind === 'dict'
      ? `/api/blade-system/dict/dictionary?code=${o.code}`
      : o.kind === 'dictBiz'
        ? `/api/blade-system/dict-biz/dictionary?code=${o.code}`
        : o.kind === 'dictBizChild'
          ? `/api/blade-system/dict-biz/child-list?code=${o.code}&current=1&size=20`
          : `/api${o.url}`
  const r = await call(baseUrl, 'GET', url, { token })
  const data = r.body?.data
  const list: Record<string, unknown>[] = Array.isArray(data) ? data : (data?.records ?? [])
  let first: Record<string, unknown> | undefined = list[0]
  if (!first && o.kind === 'select') first = await createOption(baseUrl, token, o.url, o.value)
  if (!first && !f.required && !f.requiredWhen) return null
  if (!first) throw new Error(`no option for ${f.name} from ${url}`)
  const key =
    o.kind === 'dict' || o.kind === 'dictBiz' || o.kind === 'dictBizChild'
      ? 'dictKey'
      : o.kind === 'tree'
        ? 'value'
        : o.value
  return first[key] as string | number
}

/**
 * A select over another declared entity ({api}/select) with no rows yet: create one from that
 * entity's own sample, so an entity that points at another one does not depend on test order.
 */
async function createOption(
  baseUrl: string,
  token: string,
  url: string,
  value: string,
): Promise<Record<string, unknown> | undefined> {
  const target = entities.find(
    (e) => `${e.api}/select` === url && !(e.layout?.readOnly && !e.writePermission),
  )
  if (!target || creating.has(target.name)) return undefined
  creating.add(target.name)
  try {
    const r = await call(baseUrl, 'POST', `/api${target.api}/submit`, {
      token,
      json: await sampleRecord(target, baseUrl, token, 'opt'),
    })
    if (r.status !== 200)
      throw new Error(`an option row of ${target.name}: ${JSON.stringify(r.body)}`)
    const row = r.body.data as Record<string, unknown>
    return value in row ? row : { ...row, [value]: row.id }
  } finally {
    creating.delete(target.name)
  }
}
const creating = new Set<string>()

export async function sampleRecord(
  def: EntityDef,
  baseUrl: string,
  token: string,
  salt: string,
): Promise<Sample> {
  return sampleOf(def.fields, baseUrl, token, salt)
}

async function sampleOf(
  fields: FieldDef[],
  baseUrl: string,
  token: string,
  salt: string,
): Promise<Sample> {
  const out: Sample = {}
  for (const f of fields) {
    if (f.readOnly || f.form === false || f.name === 'id') continue
    const option = f.example === undefined ? await optionValue(baseUrl, token, f) : undefined
    if (option === null) continue
    let v: SampleValue | undefined = f.example ?? option
    if (v === undefined) {
      switch (f.type) {
        case 'integer':
        case 'number':
          v = Math.max(f.min ?? 1, Math.min(f.max ?? 100, 7))
          break
        case 'date':
          v = '2026-11-21'
          break
        case 'datetime':
          v = '2026-11-21 10:30:00'
          break
        case 'month':
          v = '2026-11'
          break
        case 'boolean':
          v = 1
          break
        case 'rows':
          // One sub-record, itself sampled from the row fields.
          v = [await sampleOf(f.rows ?? [], baseUrl, token, salt)]
          break
        case 'id':
        case 'ids':
          continue
        default:
          v = `${f.name}-${salt}`.slice(0, f.maxLength ?? 255)
      }
    }
    out[f.name] = v
  }
  return out
}
