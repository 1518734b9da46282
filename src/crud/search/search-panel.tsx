// The search panel of a list: one control per `search` field of the declaration, span 6 of 24
// (four a row on desktop, one on phones), Enter or the button searches, reset clears. `/` focuses it.
import { Trans } from '@lingui/react/macro'
import { Button, Collapse, Grid, Group } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconRefresh, IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import { fromQuery, toQuery, type SearchValues } from '../list/list-search'
import { SearchField } from './search-field'

interface Props {
  def: EntityDef
  opened: boolean
  /** The filters now in the URL. */
  filters: Record<string, string>
  onSearch: (filters: Record<string, string>) => void
  onReset: () => void
}

export function SearchPanel({ def, opened, filters, onSearch, onReset }: Props) {
  const fields = fieldsOf(def, 'search')
  const filtersKey = JSON.stringify(filters)
  const [values, setValues] = useState<SearchValues>(() => fromQuery(def, filters))
  const formRef = useRef<HTMLFormElement>(null)
  // The URL is the source of truth: back/forward and reset refill the panel.
  useEffect(
    () => setValues(fromQuery(def, JSON.parse(filtersKey) as Record<string, string>)),
    [def, filtersKey],
  )
  useHotkeys([['/', () => formRef.current?.querySelector('input')?.focus()]])
  if (fields.length === 0) return null
  const col = Math.max(1, Math.round((def.layout?.searchSpan ?? 6) / 2))
  return (
    <Collapse expanded={opened}>
      <form
        ref={formRef}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          onSearch(toQuery(def, values))
        }}
      >
        <Grid gap="sm" align="end" mb="sm">
          {fields.map((f) => (
            <Grid.Col key={f.name} span={{ base: 12, sm: 6, md: col }}>
              <SearchField
                field={f}
                value={values[f.name]}
                onChange={(v) => setValues((prev) => ({ ...prev, [f.name]: v }))}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, sm: 6, md: col }}>
            <Group gap="xs">
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                <Trans>搜索</Trans>
              </Button>
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
                <Trans>清空</Trans>
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Collapse>
  )
}
