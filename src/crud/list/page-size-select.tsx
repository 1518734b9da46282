// The pager's page size choice. Mantine's Select (its Combobox) loads when the user first reaches
// for it (pointer, focus or key), not with the list's first screen: until then a read-only input of
// the same size and look shows the current size. A pointer opens the real one's dropdown at once.
import { useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { PAGE_SIZES } from './list-search'

const Select = lazy(() => import('../select-parts').then((m) => ({ default: m.Select })))

const WIDTH = 110

interface Props {
  size: number
  onSize: (size: number) => void
}

export function PageSizeSelect({ size, onSize }: Props) {
  const { t } = useLingui()
  // null until used; then whether the dropdown opens with it (a pointer) or not (focus, keys).
  const [wanted, setWanted] = useState<{ open: boolean } | null>(null)
  const label = t`每页条数`
  // The same message as the options' labels.
  const n = size
  const current = t`${n} 条/页`
  const stand = (
    <TextInput
      w={WIDTH}
      readOnly
      role="combobox"
      aria-label={label}
      aria-haspopup="listbox"
      aria-expanded={false}
      value={current}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      onPointerDown={() => setWanted({ open: true })}
      onFocus={() => setWanted((w) => w ?? { open: false })}
    />
  )
  if (!wanted) return stand
  return (
    <Suspense fallback={stand}>
      <Select
        aria-label={label}
        w={WIDTH}
        allowDeselect={false}
        defaultDropdownOpened={wanted.open}
        autoFocus
        data={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} 条/页` }))}
        value={String(size)}
        onChange={(v) => v && onSize(Number(v))}
      />
    </Suspense>
  )
}
