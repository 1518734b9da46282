import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'

const SEALED_OPTIONS = [
  { value: 0, label: msg`否` },
  { value: 1, label: msg`是` },
]

/** The fields of both dictionaries; the parent selector differs. */
export function dictFields(treeUrl: string, parentLabel: MessageDescriptor): FieldDef[] {
  return [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'code',
      label: msg`字典编号`,
      type: 'string',
      required: msg`请输入字典编号`,
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'dictValue',
      label: msg`字典名称`,
      type: 'string',
      required: msg`请输入字典名称`,
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'parentId',
      label: parentLabel,
      type: 'id',
      list: false,
      options: { kind: 'tree', url: treeUrl },
    },
    {
      name: 'dictKey',
      label: msg`字典键值`,
      type: 'string',
      required: msg`请输入字典键值`,
      maxLength: 255,
    },
    {
      name: 'sort',
      label: msg`字典排序`,
      type: 'integer',
      required: msg`请输入字典排序`,
      min: 0,
      defaultValue: 1,
    },
    {
      name: 'isSealed',
      label: msg`封存`,
      type: 'integer',
      component: 'radio',
      required: msg`请选择字典是否封存`,
      defaultValue: 0,
      options: { kind: 'static', options: SEALED_OPTIONS },
    },
    { name: 'remark', label: msg`字典备注`, type: 'text', maxLength: 255, span: 24 },
  ]
}

export const dict = defineEntity({
  name: 'dict',
  title: msg`系统字典`,
  api: '/blade-system/dict',
  table: 'blade_dict',
  custom: true,
  tenant: false,
  base: false,
  softDelete: true,
  permission: 'dict',
  tree: { parent: 'parentId' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  layout: { searchSpan: 6, border: true, selection: true },
  fields: dictFields('/blade-system/dict/tree', msg`上级字典`),
})
