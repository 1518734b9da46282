// Choices of an option field (OptionSource of the declaration): dictionaries, business
// dictionaries, fixed-parent child lists, TreeNode endpoints, plain select lists and static options.
// Fetched once per source and cached by React Query; values are always compared as strings.
import { useLingui } from '@lingui/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { http } from '@/api/http'
import { config } from '@/config'
import type { FieldDef, OptionSource } from '@/domain/entity'

export interface Option {
  value: string
  label: string
  children?: Option[]
}

interface DictEntry {
  dictKey: string | number
  dictValue: string
  remark?: string | null
}

interface TreeNode {
  title: string
  /** English title, where the endpoint has one (menus: their English name). */
  titleEn?: string
  value: string | number
  children?: TreeNode[]
}

/** What an endpoint answered, before labels are chosen for the language. */
type RawOptions =
  | { kind: 'dict'; entries: DictEntry[] }
  | { kind: 'tree'; nodes: TreeNode[] }
  | { kind: 'plain'; options: (Option & { labelEn?: string })[] }

const SYSTEM = `${config.apiPrefix}/blade-system`

async function fetchSource(source: Exclude<OptionSource, { kind: 'static' }>): Promise<RawOptions> {
  switch (source.kind) {
    case 'dict':
      return {
        kind: 'dict',
        entries:
          (await http.get<DictEntry[]>(`${SYSTEM}/dict/dictionary`, { code: source.code })) ?? [],
      }
    case 'dictBiz':
      return {
        kind: 'dict',
        entries:
          (await http.get<DictEntry[]>(`${SYSTEM}/dict-biz/dictionary`, { code: source.code })) ??
          [],
      }
    case 'dictBizChild': {
      const page = await http.get<{ records?: DictEntry[] }>(`${SYSTEM}/dict-biz/child-list`, {
        code: source.code,
        current: 1,
        size: source.size ?? 20,
      })
      return { kind: 'dict', entries: page?.records ?? [] }
    }
    case 'tree':
      return {
        kind: 'tree',
        nodes: (await http.get<TreeNode[]>(`${config.apiPrefix}${source.url}`)) ?? [],
      }
    case 'select': {
      const rows =
        (await http.get<Record<string, unknown>[]>(`${config.apiPrefix}${source.url}`)) ?? []
      const text = (r: Record<string, unknown>, name: string | undefined) =>
        name === undefined ? undefined : String(r[name] ?? '')
      return {
        kind: 'plain',
        options: rows.map((r) => ({
          value: String(r[source.value] ?? ''),
          label: text(r, source.label) ?? '',
          labelEn: text(r, source.labelEn),
        })),
      }
    }
  }
}

const isDictionary = (s: OptionSource) =>
  s.kind === 'dict' || s.kind === 'dictBiz' || s.kind === 'dictBizChild'

export function optionsQuery(source: Exclude<OptionSource, { kind: 'static' }>) {
  const id = 'code' in source ? source.code : source.url
  return queryOptions({
    queryKey: ['crud', 'options', source.kind, id] as const,
    queryFn: () => fetchSource(source),
    // Dictionaries change rarely; lists of records (depts, roles) refresh with the default staleness.
    staleTime: isDictionary(source) ? Infinity : undefined,
  })
}

/** A dictionary entry's label: its value, or in English its remark when one is given. */
export function dictLabel(e: DictEntry, locale: string): string {
  return locale.startsWith('en') && e.remark ? e.remark : e.dictValue
}

const mapTree = (nodes: TreeNode[], english: boolean): Option[] =>
  nodes.map((n) => ({
    value: String(n.value),
    label: (english && n.titleEn) || n.title,
    ...(n.children?.length ? { children: mapTree(n.children, english) } : {}),
  }))

export function toOptions(raw: RawOptions, locale: string): Option[] {
  switch (raw.kind) {
    case 'dict':
      return raw.entries.map((e) => ({ value: String(e.dictKey), label: dictLabel(e, locale) }))
    case 'tree':
      return mapTree(raw.nodes, locale.startsWith('en'))
    case 'plain':
      // A source with an English label field: each language's label, the other one when it is empty.
      return raw.options.map(({ labelEn, ...o }) =>
        labelEn === undefined
          ? o
          : { ...o, label: locale.startsWith('en') ? labelEn || o.label : o.label || labelEn },
      )
  }
}

/** Every option of a (possibly nested) list, flattened, for label look-ups. */
export function flattenOptions(options: Option[]): Option[] {
  return options.flatMap((o) => [o, ...(o.children ? flattenOptions(o.children) : [])])
}

const NO_SOURCE = { kind: 'dict', code: '' } as const

/** The options of a field; [] while loading or when the field has no options. */
export function useFieldOptions(field: FieldDef): { options: Option[]; loading: boolean } {
  const { i18n } = useLingui()
  const source = field.options
  const remote = source && source.kind !== 'static' ? source : undefined
  const prefix = source?.kind === 'dict' ? (source.prefix ?? '') : ''
  const select = useCallback(
    (raw: RawOptions) =>
      toOptions(raw, i18n.locale).map((o) => (prefix ? { ...o, value: prefix + o.value } : o)),
    [i18n.locale, prefix],
  )
  const query = useQuery({ ...optionsQuery(remote ?? NO_SOURCE), enabled: !!remote, select })
  if (source?.kind === 'static')
    return {
      options: source.options.map((o) => ({ value: String(o.value), label: i18n._(o.label) })),
      loading: false,
    }
  return { options: query.data ?? [], loading: !!remote && query.isPending }
}
