// Test fixtures derived from a declaration: sample values per field, a 25-row list, msw handlers of
// the generic endpoints and of option sources, and a log of the calls the engine made.
import { i18n } from '@lingui/core'
import { http as mock, HttpResponse } from 'msw'
import { SECRETS_SET, type ComponentType, type EntityDef, type FieldDef } from '@/domain/entity'
import { API } from './msw'

export const TOTAL = 25
/** Components the suite fills by typing. */
export const TEXT_COMPONENTS = new Set<ComponentType>([
  'input',
  'textarea',
  'number',
  'password',
  'editor',
])

export interface Call {
  method: string
  verb: string
  query: Record<string, string>
  body: unknown
}
export const calls: Call[] = []

export function lastCall(method: string, verb: string): Call | undefined {
  return calls.filter((c) => c.method === method && c.verb === verb).at(-1)
}

/** A valid value of a field for row n (n ≥ 1). */
export function sampleValue(f: FieldDef, n: number): string | number | boolean {
  if (f.options?.kind === 'static') return f.options.options[0].value
  if (f.options) return '1'
  switch (f.type) {
    case 'id':
      return String(1000 + n)
    case 'ids':
      return '1001,1002'
    case 'integer':
    case 'number':
      return f.min ?? n
    case 'boolean':
      return true
    case 'date':
      return '2024-01-02'
    case 'datetime':
      return '2024-01-02 03:04:05'
    case 'month':
      return '2024-01'
    default:
      return sampleText(f, n)
  }
}

/** A string that fits the field's length and pattern: the declared example, or a guess. */
function sampleText(f: FieldDef, n: number): string {
  if (f.example !== undefined) return String(f.example)
  const fits = (s: string) =>
    s.length <= (f.maxLength ?? 64) && (!f.pattern || new RegExp(f.pattern.regex).test(s))
  const found = [
    `${f.name}${n}`,
    `${f.name}${n}`.slice(0, f.maxLength),
    String(10 + n),
    `${10 + n}0000`,
    `138${String(n).padStart(8, '0')}`,
    `x${n}@example.com`,
  ].find(fits)
  if (!found)
    throw new Error(`conformance: declare an example for ${f.name} (pattern ${f.pattern?.regex})`)
  return found
}

/** A 'rows' field's sample: one sub-record of valid cells. */
export function sampleRows(f: FieldDef, n: number): Record<string, unknown>[] {
  return [Object.fromEntries((f.rows ?? []).map((sub) => [sub.name, sampleValue(sub, n)]))]
}

/** A row with an id, and a unique key value for entities keyed by another field (regions by code). */
export function sampleRow(def: EntityDef, n: number): Record<string, unknown> & { id: string } {
  const row: Record<string, unknown> = Object.fromEntries(
    def.fields
      .filter((f) => !f.secret)
      .map((f) => [f.name, f.type === 'rows' ? sampleRows(f, n) : sampleValue(f, n)]),
  )
  // Write-only fields are never answered; the server says which of them hold a value (all, here).
  const secrets = def.fields.filter((f) => f.secret).map((f) => f.name)
  // Every record carries the version an edit sends back (optimistic concurrency).
  return {
    ...row,
    id: String(1000 + n),
    version: n + 2,
    ...(def.key ? { [def.key]: String(1000 + n) } : {}),
    ...(secrets.length ? { [SECRETS_SET]: secrets } : {}),
  }
}

/** The key of sample row n as the engine sends it. */
export const sampleKey = (def: EntityDef, n: number) => String(sampleRow(def, n)[def.key ?? 'id'])

/** The label of the option sampleValue picks. */
export function optionLabel(f: FieldDef): string {
  if (f.options?.kind === 'static') return i18n._(f.options.options[0].label)
  return f.options && 'code' in f.options ? ENTRIES[0].dictValue : '节点一'
}

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })

function log(method: string, verb: string, request: Request, body: unknown = undefined) {
  const query = Object.fromEntries(new URL(request.url).searchParams)
  calls.push({ method, verb, query, body })
}

export function entityHandlers(def: EntityDef) {
  const base = `${API}${def.api}`
  return [
    mock.get(`${base}/list`, ({ request }) => {
      log('GET', 'list', request)
      const q = new URL(request.url).searchParams
      const current = Number(q.get('current') ?? 1)
      const size = Number(q.get('size') ?? 10)
      const first = (current - 1) * size + 1
      const records = Array.from(
        { length: Math.max(0, Math.min(size, TOTAL - first + 1)) },
        (_, i) => sampleRow(def, first + i),
      )
      return ok({ records, total: TOTAL, size, current, pages: Math.ceil(TOTAL / size) })
    }),
    mock.get(`${base}/detail`, ({ request }) => {
      log('GET', 'detail', request)
      return ok(
        sampleRow(def, Number(new URL(request.url).searchParams.get(def.key ?? 'id')) - 1000),
      )
    }),
    mock.post(`${base}/submit`, async ({ request }) => {
      const body = await request.json()
      log('POST', 'submit', request, body)
      return ok(body)
    }),
    mock.post(`${base}/remove`, ({ request }) => {
      log('POST', 'remove', request)
      return ok(null)
    }),
    mock.post(`${base}/restore`, ({ request }) => {
      log('POST', 'restore', request)
      return ok(null)
    }),
    mock.get(`${base}/export`, ({ request }) => {
      log('GET', 'export', request)
      return new HttpResponse(new Uint8Array([80, 75, 3, 4, 1, 2]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      })
    }),
  ]
}

const ENTRIES = [
  { dictKey: 1, dictValue: '选项一', remark: 'Option one' },
  { dictKey: 2, dictValue: '选项二', remark: '' },
]

/** Option sources of every entity: dictionaries answer two entries; trees and lists one node. */
export function optionHandlers(defs: EntityDef[]) {
  // One node per URL carrying every label/value name asked of it (tree: title/value).
  const nodes = new Map<string, Record<string, string>>()
  // Sub-fields of 'rows' fields pick from lists too (an order line's SKU).
  for (const f of defs.flatMap((d) => d.fields.flatMap((x) => [x, ...(x.rows ?? [])]))) {
    if (f.options?.kind !== 'tree' && f.options?.kind !== 'select') continue
    const node = nodes.get(f.options.url) ?? { id: '1', key: '1', title: '节点一', value: '1' }
    if (f.options.kind === 'select')
      Object.assign(node, { [f.options.label]: '节点一', [f.options.value]: '1' })
    nodes.set(f.options.url, node)
  }
  return [
    mock.get(`${API}/blade-system/dict/dictionary`, () => ok(ENTRIES)),
    mock.get(`${API}/blade-system/dict-biz/dictionary`, () =>
      ok(ENTRIES.map((e) => ({ ...e, dictKey: String(e.dictKey) }))),
    ),
    mock.get(`${API}/blade-system/dict-biz/child-list`, () => ok({ records: ENTRIES, total: 2 })),
    ...[...nodes].map(([url, node]) => mock.get(`${API}${url}`, () => ok([node]))),
  ]
}
