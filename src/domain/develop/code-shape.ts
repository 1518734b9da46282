// The settings a code setting holds and a code module carries (docs/product.md §3: serviceName,
// packageName, baseMode, wrapMode, feignMode, codeStyle, apiPath, webPath), declared once for both.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import type { FieldDef, OptionSource } from '../entity.ts'

const yesNo: OptionSource = {
  kind: 'static',
  options: [
    { value: 1, label: msg`是` },
    { value: 2, label: msg`否` },
  ],
}
const CODE_STYLES = [
  { value: 'saber', label: msg`Saber` },
  { value: 'element', label: msg`Element` },
] as const

/**
 * A code setting requires each, with its own message (docs/product.md §5), and lists the main ones;
 * a code module's are optional and unlisted.
 */
export function codeShapeFields({ required }: { required: boolean }): FieldDef[] {
  const need = (message: MessageDescriptor) => (required ? { required: message } : {})
  return [
    {
      name: 'serviceName',
      label: msg`服务名称`,
      type: 'string',
      ...need(msg`请输入服务名称`),
      maxLength: 64,
      list: required,
      example: 'blade-desk',
    },
    {
      name: 'packageName',
      label: msg`包名`,
      type: 'string',
      ...need(msg`请输入包名`),
      maxLength: 255,
      list: required,
      pattern: {
        regex: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$',
        message: msg`包名须为小写字母、数字与点组成`,
      },
      example: 'org.springblade.desk',
    },
    {
      name: 'baseMode',
      label: msg`基础业务`,
      type: 'integer',
      ...need(msg`请选择基础业务`),
      defaultValue: 2,
      options: yesNo,
      list: false,
    },
    {
      name: 'wrapMode',
      label: msg`包装器`,
      type: 'integer',
      ...need(msg`请选择包装器`),
      defaultValue: 2,
      options: yesNo,
      list: false,
    },
    {
      name: 'feignMode',
      label: msg`远程调用`,
      type: 'integer',
      ...need(msg`请选择远程调用`),
      defaultValue: 1,
      options: yesNo,
      list: false,
    },
    {
      name: 'codeStyle',
      label: msg`代码风格`,
      type: 'string',
      ...need(msg`请选择代码风格`),
      defaultValue: 'saber',
      options: { kind: 'static', options: [...CODE_STYLES] },
      list: required,
    },
    {
      name: 'apiPath',
      label: msg`后端生成路径`,
      type: 'string',
      ...need(msg`请输入后端生成路径`),
      maxLength: 500,
      list: false,
      span: 24,
      example: 'server',
    },
    {
      name: 'webPath',
      label: msg`前端生成路径`,
      type: 'string',
      ...need(msg`请输入前端生成路径`),
      maxLength: 500,
      list: false,
      span: 24,
      example: 'src',
    },
  ]
}
