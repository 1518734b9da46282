// A refused save's message is split onto the fields it names; what names no field stays a toast only.
import { describe, expect, it } from 'vitest'
import { BladeHttpError } from '@/api/client'
import { order } from '@/domain/order/order'
import { formFields } from './form-values'
import { serverFieldErrors } from './server-errors'

const fields = formFields(order, 'add')

describe('serverFieldErrors', () => {
  it('maps the declaration messages joined by "; " onto their fields, a line field onto the lines', () => {
    const err = new BladeHttpError(400, '订单号已存在; 请选择渠道; 单价不能为空; 余额不足')
    expect(serverFieldErrors(err, fields)).toEqual({
      orderNo: '订单号已存在',
      channel: '请选择渠道',
      items: '单价不能为空',
    })
  })

  it("maps Blade's <field>:<message> by field name", () => {
    expect(serverFieldErrors(new BladeHttpError(400, 'buyerPhone:格式不正确'), fields)).toEqual({
      buyerPhone: '格式不正确',
    })
  })

  it('leaves other failures to the toast', () => {
    expect(serverFieldErrors(new BladeHttpError(409, '订单号已被他人修改'), fields)).toEqual({})
    expect(serverFieldErrors(new Error('订单号'), fields)).toEqual({})
  })
})
