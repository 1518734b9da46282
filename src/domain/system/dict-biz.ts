import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { dictFields } from './dict.ts'

export const dictBiz = defineEntity({
  name: 'dictBiz',
  title: msg`业务字典`,
  api: '/blade-system/dict-biz',
  table: 'blade_dict_biz',
  custom: true,
  tenant: true,
  base: false,
  softDelete: true,
  permission: 'dict_biz',
  tree: { parent: 'parentId' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  layout: { searchSpan: 6, border: true, selection: true },
  fields: dictFields('/blade-system/dict-biz/tree', msg`上级字典`),
})
