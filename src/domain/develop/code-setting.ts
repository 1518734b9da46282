// Code settings of the generator (代码设置): where generated code goes and how it is shaped. One is
// enabled at a time (enable?id=); a code module made without its own settings takes the enabled one's.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { codeShapeFields } from './code-shape.ts'

export const SETTING_ENABLED = 1
export const SETTING_DISABLED = 0

export const codeSetting = defineEntity({
  name: 'codeSetting',
  title: msg`代码设置`,
  api: '/blade-develop/code-setting',
  table: 'blade_code_setting',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'code_setting',
  fields: [
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
      name: 'name',
      label: msg`设置名称`,
      type: 'string',
      required: msg`请输入设置名称`,
      maxLength: 100,
      search: 'like',
    },
    ...codeShapeFields({ required: true }),
    {
      name: 'menuId',
      label: msg`上级菜单`,
      type: 'id',
      list: false,
      options: { kind: 'tree', url: '/blade-system/menu/tree' },
    },
    // Enabled only through enable?id= (which disables the others): never written by a save.
    {
      name: 'status',
      label: msg`状态`,
      type: 'integer',
      readOnly: true,
      form: false,
      options: {
        kind: 'static',
        options: [
          { value: SETTING_ENABLED, label: msg`已启用` },
          { value: SETTING_DISABLED, label: msg`未启用` },
        ],
      },
    },
    {
      name: 'settings',
      label: msg`扩展配置`,
      type: 'text',
      maxLength: 4000,
      list: false,
      span: 24,
      pattern: { regex: '^\\s*(\\{[\\s\\S]*\\})?\\s*$', message: msg`扩展配置须为 JSON 对象` },
      example: '{"author":"dmr"}',
    },
  ],
})
