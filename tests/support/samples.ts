// Valid sample records generated from an entity declaration, for the contract tests that iterate
// over every declared entity. Option fields take a real value from the running server.
import type { EntityDef, FieldDef } from '../../src/domain/entity.ts'
import { call } from './http.ts'

export type Sample = Record<string, string | number>

async function optionValue(baseUrl: string, token: string, f: FieldDef): Promise<string | number | undefined> {
  const o = f.options
  if (!o) return undefined
  if (o.kind === 'static') return o.options[0]?.value
  const url =
    o.kind === 'dict' ? `/api/blade-system/dict/dictionary?code=${o.code}`
    : o.kind === 'dictBiz' ? `/api/blade-system/dict-biz/dictionary?code=${o.code}`
    : o.kind === 'dictBizChild' ? `/api/blade-system/dict-biz/child-list?code=${o.code}&current=1&size=20`
    : `/api${o.url}`
  const r = await call(baseUrl, 'GET', url, { token })
  const data = r.body?.data
  const list: Record<string, unknown>[] = Array.isArray(data) ? data : (data?.records ?? [])
  const first = list[0]
  if (!first) throw new Error(`no option for ${f.name} from ${url}`)
  const key = o.kind === 'dict' || o.kind === 'dictBiz' || o.kind === 'dictBizChild' ? 'dictKey' : o.kind === 'tree' ? 'value' : o.value
  return first[key] as string | number
}

export async function sampleRecord(def: EntityDef, baseUrl: string, token: string, salt: string): Promise<Sample> {
  const out: Sample = {}
  for (const f of def.fields) {
    if (f.readOnly || f.form === false || f.name === 'id') continue
    let v: string | number | undefined = f.example ?? (await optionValue(baseUrl, token, f))
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
