import { msg } from '@lingui/core/runtime-macro'
import { describe, expect, it } from 'vitest'
import { defineEntity } from '@/domain/entity'
import { formFields, toBody, toFormValues } from './form-values'

const def = defineEntity({
  name: 'demo',
  title: msg`演示`,
  api: '/x/demo',
  table: 'x_demo',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'demo',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', form: false, readOnly: true },
    { name: 'name', label: msg`名称`, type: 'string' },
    {
      name: 'roles',
      label: msg`角色`,
      type: 'ids',
      multiple: true,
      options: { kind: 'select', url: '/r', label: 'roleName', value: 'id' },
    },
    {
      name: 'grants',
      label: msg`授权类型`,
      type: 'string',
      multiple: true,
      defaultValue: 'password,refresh_token',
      options: { kind: 'static', options: [] },
    },
    { name: 'enabled', label: msg`启用`, type: 'integer', component: 'switch', defaultValue: 1 },
    { name: 'sort', label: msg`排序`, type: 'integer', defaultValue: 1 },
    { name: 'code', label: msg`编号`, type: 'string', form: 'add' },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true },
  ],
})

describe('form values', () => {
  it('limits fields by mode and never includes read-only ones', () => {
    expect(formFields(def, 'add').map((f) => f.name)).toEqual([
      'name',
      'roles',
      'grants',
      'enabled',
      'sort',
      'code',
    ])
    expect(formFields(def, 'edit').map((f) => f.name)).toEqual([
      'name',
      'roles',
      'grants',
      'enabled',
      'sort',
    ])
  })
  it('starts a new record from the declared defaults', () => {
    expect(toFormValues(def, 'add')).toEqual({
      name: '',
      roles: [],
      grants: ['password', 'refresh_token'],
      enabled: true,
      sort: 1,
      code: '',
    })
  })
  it('splits comma-joined values into arrays and rejoins them on submit (docs/product.md §9)', () => {
    const values = toFormValues(def, 'edit', {
      id: '7',
      name: 'a',
      roles: '1,2',
      grants: 'password',
      enabled: 0,
      sort: 3,
    })
    expect(values).toEqual({
      name: 'a',
      roles: ['1', '2'],
      grants: ['password'],
      enabled: false,
      sort: 3,
    })
    expect(
      toBody(def, 'edit', { ...values, roles: ['2', '3'], enabled: true, sort: '' }, '7'),
    ).toEqual({ id: '7', name: 'a', roles: '2,3', grants: 'password', enabled: 1, sort: null })
  })
})

describe('rows and visibleWhen', () => {
  const quote = defineEntity({
    name: 'quote',
    title: msg`报价`,
    api: '/x/quote',
    table: 'x_quote',
    tenant: false,
    base: false,
    softDelete: false,
    permission: 'quote',
    fields: [
      { name: 'kind', label: msg`类型`, type: 'integer', defaultValue: 1 },
      { name: 'yaml', label: msg`配置`, type: 'text', visibleWhen: { field: 'kind', equals: 2 } },
      {
        name: 'detail',
        label: msg`排期`,
        type: 'rows',
        rows: [
          { name: 'day', label: msg`日期`, type: 'string' },
          { name: 'price', label: msg`单价`, type: 'number' },
        ],
      },
    ],
  })
  it('reads rows from an array or JSON text and sends them as an array of records', () => {
    const values = toFormValues(quote, 'edit', {
      kind: 1,
      detail: '[{"day":"周一","price":"12.5"}]',
    })
    expect(values.detail).toEqual([{ day: '周一', price: 12.5 }])
    expect(
      toBody(quote, 'add', { ...values, detail: [{ day: '周二', price: '' }] }).detail,
    ).toEqual([{ day: '周二', price: null }])
  })
  it('leaves a field hidden by visibleWhen out of the body', () => {
    expect(toBody(quote, 'add', { kind: 1, yaml: 'x', detail: [] })).toEqual({
      kind: 1,
      detail: [],
    })
    expect(toBody(quote, 'add', { kind: 2, yaml: 'x', detail: [] })).toMatchObject({ yaml: 'x' })
  })
})
