import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const REGION_LEVELS = [
  { value: 0, label: msg`国家` },
  { value: 1, label: msg`省份/直辖市` },
  { value: 2, label: msg`地市` },
  { value: 3, label: msg`区县` },
  { value: 4, label: msg`乡镇` },
  { value: 5, label: msg`村委` },
]

export const region = defineEntity({
  name: 'region',
  title: msg`行政区划`,
  api: '/blade-system/region',
  table: 'blade_region',
  key: 'code',
  custom: true,
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'region',
  tree: { parent: 'parentCode' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: [
    {
      name: 'parentCode',
      label: msg`上级区划编号`,
      type: 'string',
      required: msg`请选择上级区划`,
      maxLength: 12,
      list: false,
    },
    {
      name: 'code',
      label: msg`区划编号`,
      type: 'string',
      example: '0199',
      required: msg`请输入区划编号`,
      maxLength: 12,
      pattern: { regex: '^\\d{2,12}$', message: msg`区划编号只能是2到12位数字` },
      search: 'like',
    },
    {
      name: 'name',
      label: msg`区划名称`,
      type: 'string',
      required: msg`请输入区划名称`,
      maxLength: 64,
      search: 'like',
    },
    {
      name: 'level',
      label: msg`区划层级`,
      type: 'integer',
      required: msg`请选择区划层级`,
      options: { kind: 'static', options: REGION_LEVELS },
      search: 'equal',
    },
    {
      name: 'sort',
      label: msg`排序`,
      type: 'integer',
      required: msg`请输入排序`,
      min: 0,
      defaultValue: 1,
    },
    { name: 'ancestors', label: msg`祖区划编号`, type: 'string', readOnly: true, list: false },
    { name: 'remark', label: msg`备注`, type: 'string', maxLength: 255, span: 24 },
  ],
})
