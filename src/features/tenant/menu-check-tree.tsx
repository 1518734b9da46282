// A searchable checkbox tree for choosing many menus (a tenant package's menu list): checking a
// node checks its subtree; the value is every checked node plus the folders above them, so a role
// bounded by the package still sees the path to its screens. Search keeps matches and their parents.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Checkbox, Group, Input, ScrollArea, TextInput } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import type { Option } from '@/crud/dict-options'

const leavesOf = (o: Option): string[] => (o.children?.length ? o.children.flatMap(leavesOf) : [o.value])

/** The value of a set of checked leaves: the leaves plus every ancestor of one. */
export function valueOf(options: Option[], leaves: Set<string>): string[] {
  const out: string[] = []
  const walk = (o: Option): boolean => {
    const hit = o.children?.length ? o.children.map(walk).some(Boolean) : leaves.has(o.value)
    if (hit) out.push(o.value)
    return hit
  }
  options.forEach(walk)
  return out
}

function filterTree(options: Option[], q: string): Option[] {
  if (!q) return options
  return options.flatMap((o) => {
    if (o.label.toLowerCase().includes(q)) return [o]
    const children = filterTree(o.children ?? [], q)
    return children.length ? [{ ...o, children }] : []
  })
}

interface Props {
  label: string
  options: Option[]
  value: string[]
  onChange: (value: string[]) => void
  error?: string
  required?: boolean
}

export function MenuCheckTree({ label, options, value, onChange, error, required }: Props) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState<Set<string>>(new Set())
  // Only leaves are stored as checked; folders follow them (checked, partly checked or not).
  const chosen = new Set(value)
  const leaves = new Set(options.flatMap(leavesOf).filter((v) => chosen.has(v)))
  const set = (o: Option, on: boolean) => {
    const next = new Set(leaves)
    for (const l of leavesOf(o)) if (on) next.add(l)
    else next.delete(l)
    onChange(valueOf(options, next))
  }
  const q = query.trim().toLowerCase()
  const render = (o: Option, depth: number) => {
    const own = leavesOf(o)
    const count = own.filter((l) => leaves.has(l)).length
    const expanded = !!q || open.has(o.value)
    const toggle = () => setOpen((s) => new Set(s.has(o.value) ? [...s].filter((v) => v !== o.value) : [...s, o.value]))
    return (
      <Box key={o.value}>
        <Group gap={4} wrap="nowrap" pl={depth * 18} py={2}>
          {o.children?.length ? (
            <ActionIcon size="sm" variant="subtle" color="gray" onClick={toggle} aria-label={expanded ? t`收起` : t`展开`}>
              {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          ) : (
            <Box w={22} />
          )}
          <Checkbox size="xs" label={o.label} checked={count > 0 && count === own.length} indeterminate={count > 0 && count < own.length} onChange={(e) => set(o, e.currentTarget.checked)} />
        </Group>
        {expanded && o.children?.map((c) => render(c, depth + 1))}
      </Box>
    )
  }
  return (
    <Input.Wrapper label={label} required={required} error={error} mt="sm">
      <TextInput size="xs" my={4} leftSection={<IconSearch size={14} />} placeholder={t`输入关键字进行过滤`} aria-label={t`输入关键字进行过滤`} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      <ScrollArea.Autosize mah={320} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
        <Box p={4}>{filterTree(options, q).map((o) => render(o, 0))}</Box>
      </ScrollArea.Autosize>
    </Input.Wrapper>
  )
}
