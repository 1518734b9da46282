// Data models of the code generator (数据模型): a table of a data source, named as the code made from
// it will name it. Its columns and their flags are the model's prototypes (model-prototype.ts).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** The seeded data source that stands for this server's own database (the generator works on a fresh start). */
export const MASTER_DATASOURCE_ID = '1900000000000000070'

export const model = defineEntity({
  name: 'model',
  title: msg`数据模型`,
  api: '/blade-develop/model',
  table: 'blade_model',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'model',
  unique: [['modelCode']],
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
      name: 'datasourceId',
      label: msg`数据源`,
      type: 'id',
      required: msg`请选择数据源`,
      search: 'equal',
      options: {
        kind: 'select',
        url: '/blade-develop/datasource/select',
        label: 'name',
        value: 'id',
      },
      example: MASTER_DATASOURCE_ID,
    },
    {
      name: 'modelTable',
      label: msg`数据库表名`,
      type: 'string',
      required: msg`请输入数据库表名`,
      maxLength: 64,
      search: 'like',
      pattern: { regex: '^[A-Za-z_][A-Za-z0-9_]*$', message: msg`表名只能包含字母、数字和下划线` },
      example: 'blade_param',
    },
    {
      name: 'modelClass',
      label: msg`实体类名`,
      type: 'string',
      required: msg`请输入实体类名`,
      maxLength: 64,
      pattern: { regex: '^[A-Z][A-Za-z0-9]*$', message: msg`类名须以大写字母开头，只含字母和数字` },
      example: 'Param',
    },
    {
      name: 'modelName',
      label: msg`模型名称`,
      type: 'string',
      required: msg`请输入模型名称`,
      maxLength: 100,
      search: 'like',
    },
    {
      name: 'modelCode',
      label: msg`模型编号`,
      type: 'string',
      required: msg`请输入模型编号`,
      maxLength: 64,
      search: 'like',
      pattern: {
        regex: '^[a-z][A-Za-z0-9_]*$',
        message: msg`编号须以小写字母开头，只含字母、数字和下划线`,
      },
      example: 'param',
    },
    {
      name: 'modelRemark',
      label: msg`模型备注`,
      type: 'text',
      maxLength: 500,
      list: false,
      span: 24,
    },
  ],
})
