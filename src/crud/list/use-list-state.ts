// The list state of a screen, read from and written to the URL through the router (so a screen
// stays a one-liner), with page size and filters also saved to the user's preferences. A screen
// opened without list state (first page, default size, no filters or sort) starts from the saved
// size and filters, or the declared default filters; a deep link with any state keeps its own.
// A list that is not the screen's own (two lists on one screen, a list in a drawer) keeps its state
// locally instead ('local'): nothing in the URL, nothing restored or saved but the hidden columns.
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { columnOf, type EntityDef } from '@/domain/entity'
import type { ListParams } from '../entity-api'
import { DEFAULT_SIZE, defaultFilters, filtersOf, type ListSearch } from './list-search'
import { usePreference } from '../preferences'
import type { Sort } from '../table/table-props'

export type ListStateHome = 'url' | 'local'

function useSearchStore(
  home: ListStateHome,
): [Partial<ListSearch>, (next: ListSearch, replace?: boolean) => void] {
  const url = useSearch({ strict: false }) as Partial<ListSearch>
  const navigate = useNavigate()
  const [own, setOwn] = useState<Partial<ListSearch>>({})
  const go = useCallback(
    (next: ListSearch, replace = false) => {
      if (home === 'local') return setOwn(next)
      // The engine serves any route: the typed `to` of one route cannot be named here.
      void navigate({ to: '.', search: next as never, replace })
    },
    [home, navigate],
  )
  return [home === 'local' ? own : url, go]
}

export function useListState(
  def: EntityDef,
  fixed: Record<string, string> = {},
  home: ListStateHome = 'url',
) {
  const [search, go] = useSearchStore(home)
  const local = home === 'local'
  const prefs = usePreference(`crud:${def.name}`)
  const current = search.current ?? 1
  const size = search.size ?? DEFAULT_SIZE
  const filters = filtersOf(search)
  // The router writes the schema's defaults into the URL, so "nothing chosen" is a default-looking URL.
  const untouched =
    current === 1 &&
    size === DEFAULT_SIZE &&
    !search.ascs &&
    !search.descs &&
    Object.keys(filters).length === 0
  const [phase, setPhase] = useState<'init' | 'restoring' | 'done'>(local ? 'done' : 'init')

  useEffect(() => {
    if (phase !== 'init') return
    if (!untouched) return setPhase('done')
    if (!prefs.loaded) return
    const saved = {
      size: prefs.value?.size ?? DEFAULT_SIZE,
      filters: prefs.value?.filters ?? defaultFilters(def),
    }
    if (saved.size === DEFAULT_SIZE && Object.keys(saved.filters).length === 0)
      return setPhase('done')
    setPhase('restoring')
    go({ ...saved.filters, current: 1, size: saved.size }, true)
  }, [phase, untouched, prefs.loaded, prefs.value, def, go])
  useEffect(() => {
    if (phase === 'restoring' && !untouched) setPhase('done')
  }, [phase, untouched])

  const sortName = search.ascs ?? search.descs
  const sortField = sortName
    ? def.fields.find((f) => columnOf(f) === sortName || f.name === sortName)
    : undefined
  const sort: Sort | null = sortField
    ? { field: sortField.name, dir: search.ascs ? 'asc' : 'desc' }
    : null
  const sortParams = {
    ...(search.ascs ? { ascs: search.ascs } : {}),
    ...(search.descs ? { descs: search.descs } : {}),
  }
  const params: ListParams = { ...fixed, ...filters, ...sortParams, current, size }

  return {
    /** False until a screen opened without list state has taken its saved state into the URL. */
    ready: phase === 'done' || (phase === 'restoring' && !untouched),
    current,
    size,
    filters,
    sort,
    params,
    hiddenColumns:
      prefs.value?.hiddenColumns ??
      def.fields.filter((f) => f.list === 'hidden').map((f) => f.name),
    setPage: (page: number) => go({ ...search, current: page, size } as ListSearch),
    setSize: (next: number) => {
      go({ ...filters, ...sortParams, current: 1, size: next })
      if (!local) void prefs.update({ size: next })
    },
    setFilters: (next: Record<string, string>) => {
      go({ ...next, ...sortParams, current: 1, size })
      if (!local) void prefs.update({ filters: next })
    },
    toggleSort: (name: string) => {
      const field = def.fields.find((f) => f.name === name)
      if (!field) return
      const col = columnOf(field)
      const dir = sort?.field === name ? (sort.dir === 'asc' ? 'desc' : null) : 'asc'
      go({
        ...filters,
        current: 1,
        size,
        ...(dir === 'asc' ? { ascs: col } : dir === 'desc' ? { descs: col } : {}),
      })
    },
    setHiddenColumns: (names: string[]) => void prefs.update({ hiddenColumns: names }),
  }
}
