// The salary rows against an msw server whose October warehouse salary already pays An: "fill from
// employees" leaves him out and says so, a row of him added by hand warns naming that salary,
// saving asks first and, confirmed, sends confirmOtherSheets; a row of someone paid nowhere else
// saves at once; a row counting more days than the standard days says so.
import { useForm } from '@mantine/form'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import type { FormRow, FormValues } from '@/crud/form/form-values'
import { renderScreen } from '@/test/render-screen'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { emptyRow, type PickedEmployee } from './salary-employees'
import { SalaryRowsEditor } from './salary-rows-editor'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const emp = (id: string, label: string): PickedEmployee => ({
  id,
  label,
  dmrEmpVnName: label,
  dmrEmpCnName: null,
  dmrEmpStatus: 0,
  dmrEmpBasicSalary: 10000000,
  dmrEmpInternshipSalary: 0,
  dmrEmpBenefit: 0,
})
const STAFF = [
  emp('101', 'Nguyễn Văn An'),
  emp('102', 'Trần Thị Bích'),
  emp('103', 'Lê Hoàng Cường'),
]
const monthAsked: string[] = []

setupMsw(
  mock.get(`${API}/dmr/employee/select`, () => ok(STAFF)),
  mock.get(`${API}/dmr/salary/month-employees`, ({ request }) => {
    monthAsked.push(new URL(request.url).search)
    return ok([
      {
        dmrEmpId: '101',
        dmrEmpVnName: 'Nguyễn Văn An',
        salaryId: '900',
        salarySource: 'warehouse',
      },
    ])
  }),
  mock.get(`${API}/blade-system/dict-biz/dictionary`, () =>
    ok([
      { dictKey: 'office', dictValue: '办公室' },
      { dictKey: 'warehouse', dictValue: '仓库' },
    ]),
  ),
)

let saved: FormValues[] = []

function SalaryForm({ detail = [] as FormRow[] }: { detail?: FormRow[] }) {
  const form = useForm<FormValues>({
    initialValues: { detailDate: '2026-10', salarySource: 'office', detail },
  })
  return (
    <form onSubmit={form.onSubmit((values) => void saved.push(values))}>
      <SalaryRowsEditor form={form} record={{ id: '800' }} />
      <button type="submit">保存</button>
    </form>
  )
}

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
  saved = []
  monthAsked.length = 0
})

describe('salary rows guards', () => {
  it('fill from employees leaves out the employee another salary of the month pays, and says how many and why', async () => {
    const u = userEvent.setup()
    renderScreen(() => <SalaryForm />)
    await waitFor(() => expect(monthAsked).toEqual(['?detailDate=2026-10&exceptId=800']))
    const fill = await screen.findByRole('button', { name: '从员工填充' })
    await waitFor(() => expect(fill.getAttribute('data-loading')).toBeNull())
    await u.click(fill)
    await waitFor(() =>
      expect(screen.getByTestId('salary-fill-result').textContent).toBe(
        '已添加 2 名在职员工；1 名员工已在本月其他工资单中，未添加：Nguyễn Văn An',
      ),
    )
    expect(screen.queryByTestId('salary-row-3')).toBeNull()
    expect(screen.queryByTestId('salary-paid-twice')).toBeNull()
    // Nobody is paid twice: the save goes through at once, without the flag.
    await u.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect((saved[0]!.detail as FormRow[]).map((r) => r.dmrEmpId)).toEqual(['102', '103'])
    expect(saved[0]!.confirmOtherSheets).toBeUndefined()
  })

  it('a row of him added by hand warns naming the other salary; saving asks, and confirmed sends the flag', async () => {
    const u = userEvent.setup()
    renderScreen(() => (
      <SalaryForm detail={[{ ...emptyRow(26), dmrEmpId: '101', labourDays: 26 }]} />
    ))
    const warning = await screen.findByTestId('salary-row-1-elsewhere')
    expect(warning.textContent).toBe('Nguyễn Văn An 本月已在「仓库」工资单中，保存时需确认重复发放')
    expect(screen.getByTestId('salary-paid-twice').textContent).toBe(
      '1 名员工本月已在其他工资单中，保存时需确认重复发放',
    )

    await u.click(screen.getByRole('button', { name: '保存' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain(
      '这些员工本月已在其他工资单中领取工资：Nguyễn Văn An。确定在本工资单中再次发放？',
    )
    expect(saved).toEqual([])
    // Cancel: nothing saved.
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(saved).toEqual([])

    await u.click(screen.getByRole('button', { name: '保存' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toMatchObject({
      confirmOtherSheets: true,
      detail: [expect.objectContaining({ dmrEmpId: '101' })],
    })
  })

  it('says when a row counts more days than its standard days', async () => {
    renderScreen(() => (
      <SalaryForm detail={[{ ...emptyRow(20), dmrEmpId: '102', labourDays: 31 }]} />
    ))
    const row = await screen.findByTestId('salary-row-1')
    expect(within(row).getByRole('alert').textContent).toBe(
      '出勤天数与实习天数之和不能超过标准天数',
    )
  })
})
