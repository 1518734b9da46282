// Local paging and filters of a list that is not the screen's URL state (a dictionary's parents
// and, per parent, its entries).
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EntityDef } from '@/domain/entity'
import { DEFAULT_SIZE } from '@/crud/list-search'
import { pageQuery } from './system-api'

export function usePaged(def: EntityDef, verb: string, fixed: Record<string, string> = {}) {
  const [current, setCurrent] = useState(1)
  const [size, setSize] = useState(DEFAULT_SIZE)
  const [filters, setFilters] = useState<Record<string, string>>({})
  const query = useQuery(pageQuery(def, verb, { ...fixed, ...filters, current, size }))
  return {
    query,
    rows: query.data?.records ?? [],
    pager: { total: query.data?.total ?? 0, current, size, onPage: setCurrent, onSize: (n: number) => (setSize(n), setCurrent(1)) },
    filters,
    onSearch: (next: Record<string, string>) => (setFilters(next), setCurrent(1)),
    firstIndex: (current - 1) * size + 1,
  }
}
