// A model's prototypes as first offered from its table's columns, before anyone ticks a flag: every
// business column listed and in the form, NOT NULL ones required, text searched by "like", the
// audit columns every table has (tenant, creator, times, status, deleted, version) left out of both.
import type { Row } from '../../crud/table.ts'
import { propertyEntityOf, propertyNameOf, type ColumnInfo } from './introspect.ts'

const AUDIT_COLUMNS = new Set([
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
  'version',
])

function componentOf(entity: string, type: string): string {
  if (entity === 'Date') return 'date'
  if (entity === 'Boolean') return 'switch'
  return /^(text|mediumtext|longtext|clob)/.test(type) ? 'textarea' : 'input'
}

/** The prototype rows (unsaved: no id) of a model's columns, in the table's order. */
export function prototypesOf(modelId: string, columns: ColumnInfo[]): Row[] {
  return columns.map((c, i) => {
    const entity = propertyEntityOf(c.type)
    const business = !c.primaryKey && !AUDIT_COLUMNS.has(c.name.toLowerCase())
    return {
      modelId,
      jdbcName: c.name,
      jdbcType: c.type,
      jdbcComment: c.comment,
      propertyName: propertyNameOf(c.name),
      propertyEntity: entity,
      isList: business ? 1 : 0,
      isForm: business ? 1 : 0,
      isRow: componentOf(entity, c.type) === 'textarea' ? 1 : 0,
      isRequired: business && !c.nullable ? 1 : 0,
      componentType: componentOf(entity, c.type),
      dictCode: '',
      isQuery: 0,
      queryType: entity === 'String' ? 'like' : 'equal',
      sort: i + 1,
    }
  })
}
