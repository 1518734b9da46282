// A data model's columns as the generated code will treat them (模型配置): the column as the table has
// it (jdbcName, jdbcType, jdbcComment), the property it becomes (propertyName, propertyEntity) and the
// flags of the declaration it becomes (list, form, row, required, component, dictionary, query).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef, type OptionSource, type QueryType } from '../entity.ts'

export const PROPERTY_ENTITIES = [
  'String',
  'Integer',
  'Long',
  'Double',
  'BigDecimal',
  'Boolean',
  'Date',
] as const
type PropertyEntity = (typeof PROPERTY_ENTITIES)[number]
const PROPERTY_ENTITY_OPTIONS: { value: PropertyEntity; label: MessageDescriptor }[] = [
  { value: 'String', label: msg`String` },
  { value: 'Integer', label: msg`Integer` },
  { value: 'Long', label: msg`Long` },
  { value: 'Double', label: msg`Double` },
  { value: 'BigDecimal', label: msg`BigDecimal` },
  { value: 'Boolean', label: msg`Boolean` },
  { value: 'Date', label: msg`Date` },
]

/** The component types the generator offers (the model prototype's componentType), by label. */
export const PROTOTYPE_COMPONENTS = [
  { value: 'input', label: msg`输入框` },
  { value: 'textarea', label: msg`文本框` },
  { value: 'editor', label: msg`富文本` },
  { value: 'select', label: msg`下拉框` },
  { value: 'tree', label: msg`树形框` },
  { value: 'radio', label: msg`单选框` },
  { value: 'checkbox', label: msg`多选框` },
  { value: 'switch', label: msg`开关` },
  { value: 'date', label: msg`日期框` },
] as const

/** The query types of a searchable column, by label. */
export const PROTOTYPE_QUERIES: readonly { value: QueryType; label: MessageDescriptor }[] = [
  { value: 'equal', label: msg`等于` },
  { value: 'notequal', label: msg`不等于` },
  { value: 'gt', label: msg`大于` },
  { value: 'ge', label: msg`大于等于` },
  { value: 'lt', label: msg`小于` },
  { value: 'le', label: msg`小于等于` },
  { value: 'between', label: msg`范围` },
  { value: 'like', label: msg`模糊` },
  { value: 'likeleft', label: msg`左模糊` },
  { value: 'likeright', label: msg`右模糊` },
]

const yesNo: OptionSource = {
  kind: 'static',
  options: [
    { value: 1, label: msg`是` },
    { value: 0, label: msg`否` },
  ],
}
const flag = (name: string, label: MessageDescriptor): FieldDef => ({
  name,
  label,
  type: 'integer',
  defaultValue: 0,
  options: yesNo,
  component: 'switch',
})

export const modelPrototype = defineEntity({
  name: 'modelPrototype',
  title: msg`模型配置`,
  api: '/blade-develop/model-prototype',
  table: 'blade_model_prototype',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'model',
  unique: [['modelId', 'jdbcName']],
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
      name: 'modelId',
      label: msg`数据模型`,
      type: 'id',
      required: msg`请选择数据模型`,
      search: 'equal',
      options: {
        kind: 'select',
        url: '/blade-develop/model/select',
        label: 'modelName',
        value: 'id',
      },
    },
    {
      name: 'jdbcName',
      label: msg`物理列名`,
      type: 'string',
      required: msg`请输入物理列名`,
      maxLength: 64,
      pattern: { regex: '^[A-Za-z_][A-Za-z0-9_]*$', message: msg`列名只能包含字母、数字和下划线` },
      example: 'param_key',
    },
    {
      name: 'jdbcType',
      label: msg`物理类型`,
      type: 'string',
      required: msg`请输入物理类型`,
      maxLength: 64,
      example: 'varchar(255)',
    },
    { name: 'jdbcComment', label: msg`注释说明`, type: 'string', maxLength: 255 },
    {
      name: 'propertyName',
      label: msg`实体属性`,
      type: 'string',
      required: msg`请输入实体属性`,
      maxLength: 64,
      pattern: {
        regex: '^[a-z][A-Za-z0-9]*$',
        message: msg`属性名须以小写字母开头，只含字母和数字`,
      },
      example: 'paramKey',
    },
    {
      name: 'propertyEntity',
      label: msg`实体类型`,
      type: 'string',
      required: msg`请选择实体类型`,
      options: { kind: 'static', options: PROPERTY_ENTITY_OPTIONS },
      example: 'String',
    },
    flag('isList', msg`列表显示`),
    flag('isForm', msg`表单显示`),
    flag('isRow', msg`独占一行`),
    flag('isRequired', msg`必填`),
    {
      name: 'componentType',
      label: msg`组件类型`,
      type: 'string',
      defaultValue: 'input',
      options: { kind: 'static', options: [...PROTOTYPE_COMPONENTS] },
    },
    { name: 'dictCode', label: msg`字典编号`, type: 'string', maxLength: 64 },
    flag('isQuery', msg`查询配置`),
    {
      name: 'queryType',
      label: msg`查询类型`,
      type: 'string',
      defaultValue: 'equal',
      options: { kind: 'static', options: [...PROTOTYPE_QUERIES] },
    },
    {
      name: 'sort',
      label: msg`排序`,
      type: 'integer',
      min: 0,
      max: 9999,
      defaultValue: 0,
      list: false,
    },
  ],
})
