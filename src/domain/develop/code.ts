// Code modules of the generator (代码生成): what to generate from which data model — a single table
// (crud), a master with its detail rows (sub: subModelId, subFkId) or a tree (treeId, treePid,
// treeName) — with the code settings it carries (copied from the enabled code setting when left empty).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { codeShapeFields } from './code-shape.ts'

export const TEMPLATE_TYPES = [{ value: 'crud', label: msg`单表` }, { value: 'sub', label: msg`主子表` }, { value: 'tree', label: msg`树表` }] as const
export type TemplateType = (typeof TEMPLATE_TYPES)[number]['value']

const modelSelect = { kind: 'select', url: '/blade-develop/model/select', label: 'modelName', value: 'id' } as const

export const code = defineEntity({
  name: 'code',
  title: msg`代码生成`,
  api: '/blade-develop/code',
  table: 'blade_code',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'code',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'codeName', label: msg`模块名称`, type: 'string', required: msg`请输入模块名称`, maxLength: 64, search: 'like' },
    { name: 'templateType', label: msg`模板类型`, type: 'string', required: msg`请选择模板类型`, defaultValue: 'crud', options: { kind: 'static', options: [...TEMPLATE_TYPES] }, search: 'equal' },
    { name: 'modelId', label: msg`数据模型`, type: 'id', options: modelSelect, search: 'equal' },
    { name: 'datasourceId', label: msg`数据源`, type: 'id', readOnly: true, list: false, options: { kind: 'select', url: '/blade-develop/datasource/select', label: 'name', value: 'id' } },
    { name: 'tableName', label: msg`表名`, type: 'string', readOnly: true, maxLength: 64 },
    { name: 'modelTable', label: msg`模型表名`, type: 'string', readOnly: true, list: false, maxLength: 64 },
    { name: 'modelClass', label: msg`模型类名`, type: 'string', readOnly: true, list: false, maxLength: 64 },
    { name: 'modelCode', label: msg`模型编号`, type: 'string', readOnly: true, list: false, maxLength: 64 },
    { name: 'tablePrefix', label: msg`表前缀`, type: 'string', required: msg`请输入表前缀`, maxLength: 32, list: false, example: 'blade_' },
    { name: 'pkName', label: msg`主键名`, type: 'string', required: msg`请输入主键名`, maxLength: 32, list: false, defaultValue: 'id', example: 'id' },
    { name: 'author', label: msg`作者`, type: 'string', required: msg`请输入作者`, maxLength: 64, search: 'like' },
    { name: 'subModelId', label: msg`子表模型`, type: 'id', list: false, options: modelSelect, requiredWhen: { field: 'templateType', equals: 'sub' }, visibleWhen: { field: 'templateType', equals: 'sub' }, required: msg`请选择子表模型` },
    { name: 'subFkId', label: msg`子表外键`, type: 'string', list: false, maxLength: 64, requiredWhen: { field: 'templateType', equals: 'sub' }, visibleWhen: { field: 'templateType', equals: 'sub' }, required: msg`请输入子表外键` },
    { name: 'treeId', label: msg`树主键字段`, type: 'string', list: false, maxLength: 64, requiredWhen: { field: 'templateType', equals: 'tree' }, visibleWhen: { field: 'templateType', equals: 'tree' }, required: msg`请输入树主键字段` },
    { name: 'treePid', label: msg`树父主键字段`, type: 'string', list: false, maxLength: 64, requiredWhen: { field: 'templateType', equals: 'tree' }, visibleWhen: { field: 'templateType', equals: 'tree' }, required: msg`请输入树父主键字段` },
    { name: 'treeName', label: msg`树名称字段`, type: 'string', list: false, maxLength: 64, requiredWhen: { field: 'templateType', equals: 'tree' }, visibleWhen: { field: 'templateType', equals: 'tree' }, required: msg`请输入树名称字段` },
    ...codeShapeFields({ required: false }),
  ],
})
