// The generated declaration (src/domain/<area>/<name>.ts): the entity as this project declares every
// other one, its fields from the model's prototypes: the label from the column comment, the value
// type from the property type, required from the flag (and from a NOT NULL column, which a save
// without it could not store), the list/form/row/query flags, the dictionary and the component.
import type { Row } from '../../../crud/table.ts'
import type { ColumnInfo } from '../introspect.ts'
import type { ModuleNames } from './names.ts'

/** The columns the engine keeps itself (tenant, audit, soft delete, version): never fields. */
export const ENGINE_COLUMNS = [
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
  'version',
]
const BASE_COLUMNS = [
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]

/** Text safe inside a template literal (msg`…`) and a quoted string. */
const literal = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/`/g, '\\`')
    .replace(/\$\{/g, '\\${')
    .replace(/'/g, "\\'")
    .replace(/\s+/g, ' ')
    .trim()

function valueTypeOf(p: Row, column: ColumnInfo | undefined): { type: string; maxLength?: number } {
  const jdbcType = String(p.jdbcType ?? column?.type ?? '').toLowerCase()
  const length = /(?:char|varying)\s*\((\d+)\)/.exec(jdbcType)
  switch (String(p.propertyEntity)) {
    case 'Integer':
      return { type: 'integer' }
    case 'Long':
      return String(p.jdbcName).endsWith('_id') ? { type: 'id' } : { type: 'integer' }
    case 'Double':
    case 'BigDecimal':
      return { type: 'number' }
    case 'Boolean':
      return { type: 'boolean' }
    case 'Date':
      return { type: /time/.test(jdbcType) ? 'datetime' : 'date' }
    default:
      if (!length || ['textarea', 'editor'].includes(String(p.componentType)))
        return { type: 'text', ...(length ? { maxLength: Number(length[1]) } : {}) }
      return { type: 'string', maxLength: Number(length[1]) }
  }
}

/** A tree module's parent column: an id picked from the module's own tree, empty at the top. */
function parentFieldOf(p: Row, api: string): string {
  const label = literal(String(p.jdbcComment || p.propertyName))
  return `    { name: '${literal(String(p.propertyName))}', label: msg\`${label}\`, type: 'id', list: false, options: { kind: 'tree', url: '${api}/tree' } },`
}

function fieldOf(p: Row, column: ColumnInfo | undefined): string {
  const label = literal(String(p.jdbcComment || p.propertyName))
  const { type, maxLength } = valueTypeOf(p, column)
  const parts = [
    `name: '${literal(String(p.propertyName))}'`,
    `label: msg\`${label}\``,
    `type: '${type}'`,
  ]
  const required = Number(p.isRequired) === 1 || column?.nullable === false
  if (required) parts.push(`required: msg\`请输入${label}\``)
  if (maxLength) parts.push(`maxLength: ${maxLength}`)
  if (Number(p.isList) !== 1) parts.push('list: false')
  // A value the table requires must be enterable.
  if (Number(p.isForm) !== 1 && !required) parts.push('form: false')
  if (Number(p.isQuery) === 1 && p.queryType)
    parts.push(`search: '${literal(String(p.queryType))}'`)
  if (p.dictCode) parts.push(`options: { kind: 'dict', code: '${literal(String(p.dictCode))}' }`)
  const component = String(p.componentType ?? '')
  if (['textarea', 'editor', 'switch'].includes(component) || (component === 'radio' && p.dictCode))
    parts.push(`component: '${component}'`)
  if (Number(p.isRow) === 1) parts.push('span: 24')
  return `    { ${parts.join(', ')} },`
}

/** A line's field: what the master's form edits per line (no list, search or span flags). */
function lineFieldOf(p: Row, column: ColumnInfo | undefined): string {
  const label = literal(String(p.jdbcComment || p.propertyName))
  const { type, maxLength } = valueTypeOf(p, column)
  const parts = [
    `name: '${literal(String(p.propertyName))}'`,
    `label: msg\`${label}\``,
    `type: '${type}'`,
  ]
  if (Number(p.isRequired) === 1 || column?.nullable === false)
    parts.push(`required: msg\`请输入${label}\``)
  if (maxLength) parts.push(`maxLength: ${maxLength}`)
  if (p.dictCode) parts.push(`options: { kind: 'dict', code: '${literal(String(p.dictCode))}' }`)
  return `        { ${parts.join(', ')} },`
}

/** The sub model of a master-detail module: its table, the column naming the master, its columns. */
export interface SubModel {
  model: Row
  owner: string
  prototypes: Row[]
  columns: ColumnInfo[]
  /** The lines field's name (the sub model's code, kept apart from the master's own fields). */
  field: string
}

/** The master's field holding its lines (FieldDef.lines): the sub table's fields but its id and owner. */
function linesFieldOf(sub: SubModel): string {
  const byName = new Map(sub.columns.map((c) => [c.name, c]))
  const fields = sub.prototypes.filter(
    (p) =>
      !['id', sub.owner].includes(String(p.jdbcName)) &&
      !ENGINE_COLUMNS.includes(String(p.jdbcName)),
  )
  const tenant = sub.columns.some((c) => c.name === 'tenant_id') ? ', tenant: true' : ''
  return `    {
      name: '${sub.field}',
      label: msg\`${literal(String(sub.model.modelName))}\`,
      type: 'rows',
      external: true,
      lines: { table: '${String(sub.model.modelTable)}', owner: '${sub.owner}'${tenant} },
      list: false,
      span: 24,
      rows: [
${fields.map((p) => lineFieldOf(p, byName.get(String(p.jdbcName)))).join('\n')}
      ],
    },`
}

export function declarationOf(
  names: ModuleNames,
  model: Row,
  code: Row,
  prototypes: Row[],
  columns: ColumnInfo[],
  sub?: SubModel,
): string {
  const has = (c: string) => columns.some((x) => x.name === c)
  const pk = String(code.pkName || 'id')
  const byName = new Map(columns.map((c) => [c.name, c]))
  const fields = prototypes.filter(
    (p) => String(p.jdbcName) !== pk && !ENGINE_COLUMNS.includes(String(p.jdbcName)),
  )
  const tree = String(code.templateType) === 'tree'
  const propertyOf = (column: unknown) =>
    String(prototypes.find((p) => p.jdbcName === column)?.propertyName ?? '')
  const treeLine = tree
    ? `\n  tree: { parent: '${propertyOf(code.treePid)}', label: '${propertyOf(code.treeName)}' },`
    : ''
  const line = (p: Row) =>
    tree && p.jdbcName === code.treePid
      ? parentFieldOf(p, names.api)
      : fieldOf(p, byName.get(String(p.jdbcName)))
  return `// ${literal(String(model.modelName))} (${String(model.modelTable)}): made by the code generator from the data model
// ${String(model.modelCode)}${sub ? `, with its lines (${String(sub.model.modelTable)})` : ''}${code.author ? `, for ${literal(String(code.author))}` : ''}. The server's generic endpoints and the app's list screen follow it.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const ${names.entity} = defineEntity({
  name: '${names.entity}',
  title: msg\`${literal(String(model.modelName))}\`,
  api: '${names.api}',
  table: '${String(model.modelTable)}',
  tenant: ${has('tenant_id')},
  base: ${BASE_COLUMNS.every(has)},
  softDelete: ${has('is_deleted')},
  permission: '${names.permission}',${treeLine}
  fields: [
    { name: 'id', label: msg\`主键\`, type: 'id', list: false, form: false, view: false, readOnly: true },
${fields.map(line).join('\n')}${sub ? `\n${linesFieldOf(sub)}` : ''}
  ],
})
`
}
