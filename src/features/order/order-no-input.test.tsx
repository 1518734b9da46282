// The order number field: empty, its placeholder shows the number the server would give an order
// of that day (asked with the order's day); it stays editable; editing, an empty number keeps the
// stored one and nothing is asked.
import { useForm } from '@mantine/form'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import type { FormMode, FormValues } from '@/crud/form/form-values'
import { renderScreen } from '@/test/render-screen'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { OrderNoInput } from './order-no-input'

const asked: string[] = []
setupMsw(
  mock.get(`${API}/dmrOrder/next-no`, ({ request }) => {
    const day = new URL(request.url).searchParams.get('orderTime') ?? ''
    asked.push(day)
    return HttpResponse.json({
      code: 200,
      success: true,
      data: { orderNo: `DH${day.slice(2).replaceAll('-', '')}0005` },
      msg: '',
    })
  }),
)

let values: FormValues = {}
function OrderForm({ mode, orderNo = '' }: { mode: FormMode; orderNo?: string }) {
  const form = useForm<FormValues>({
    initialValues: { orderNo, orderTime: '2026-03-08 10:30:00' },
    onValuesChange: (v) => void (values = v),
  })
  return <OrderNoInput form={form} mode={mode} />
}

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
  asked.length = 0
  values = {}
})

describe('order number field', () => {
  it('shows the next number of the order’s day as its placeholder and stays editable', async () => {
    const u = userEvent.setup()
    renderScreen(() => <OrderForm mode="add" />)
    const input = await screen.findByRole('textbox', { name: '订单号' })
    await waitFor(() =>
      expect(input.getAttribute('placeholder')).toBe('留空自动生成：DH2603080005'),
    )
    expect(asked).toEqual(['2026-03-08'])
    expect(input.hasAttribute('required')).toBe(false)
    await u.type(input, 'SHOP-77')
    expect(values.orderNo).toBe('SHOP-77')
  })

  it('editing, says an empty number keeps the stored one and asks nothing', async () => {
    renderScreen(() => <OrderForm mode="edit" orderNo="DH2603080001" />)
    const input = await screen.findByRole('textbox', { name: '订单号' })
    expect(input.getAttribute('placeholder')).toBe('留空则保持原订单号')
    expect((input as HTMLInputElement).value).toBe('DH2603080001')
    expect(asked).toEqual([])
  })
})
