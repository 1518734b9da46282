// Detail cells: an amount in its own currency ("1,234.56 USD"), never as đồng.
import type { CellRenderer } from '@/crud/cells/crud-cell'
import { groupThousands } from '@/domain/format'

const amountCell: CellRenderer = (row, value) => {
  if (value === null || value === undefined || value === '') return ''
  const n = Number(value)
  return Number.isFinite(n)
    ? `${groupThousands(n)} ${String(row.currency ?? '')}`.trim()
    : String(value)
}

export const detailCells: Record<string, CellRenderer> = { amount: amountCell }
