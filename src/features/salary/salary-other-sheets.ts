// Who the month's other salaries pay (GET /api/dmr/salary/month-employees, this salary's own rows
// left out): the salary form leaves them out of "fill from employees", warns on their rows and asks
// before a save pays them twice. Keyed under ['crud', 'salary'] so a saved salary refreshes it.
import { useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { useFieldOptions } from '@/crud/dict-options'
import { urlOf } from '@/crud/entity-api'
import { salary } from '@/domain/finance/salary'

interface OtherSheet {
  dmrEmpId: string
  dmrEmpVnName: string | null
  salaryId: string
  salarySource: string
}

const sourceField = salary.fields.find((f) => f.name === 'salarySource')!

/**
 * Per employee on another salary of the month, the names of those salaries (their sources, as
 * labelled); `loading` while the month's are being read (a fill then would add them all).
 */
export function useOtherSheets(
  month: unknown,
  salaryId: unknown,
): { sheets: Map<string, string[]>; loading: boolean } {
  const detailDate = typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? month : ''
  const exceptId = salaryId ? String(salaryId) : ''
  const { options } = useFieldOptions(sourceField)
  const rows = useQuery({
    queryKey: ['crud', salary.name, 'month-employees', detailDate, exceptId],
    queryFn: async () =>
      (await http.get<OtherSheet[]>(
        urlOf(salary, 'month-employees'),
        { detailDate, ...(exceptId ? { exceptId } : {}) },
        { silent: true },
      )) ?? [],
    enabled: !!detailDate,
  })
  const sheets = sheetsByEmployee(
    rows.data ?? [],
    (key) => options.find((o) => o.value === key)?.label ?? key,
  )
  return { sheets, loading: rows.isLoading }
}

function sheetsByEmployee(
  rows: readonly OtherSheet[],
  label: (source: string) => string,
): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const r of rows) {
    const names = out.get(r.dmrEmpId) ?? []
    const name = label(r.salarySource)
    if (!names.includes(name)) names.push(name)
    out.set(r.dmrEmpId, names)
  }
  return out
}
