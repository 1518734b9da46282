// What a generated module is called where: the declaration's name, its file, its permission (also
// its menu code and its loader key), its API path and its screen path.
import type { Row } from '../../../crud/table.ts'

export interface ModuleNames {
  /** The declaration's const and entity name: the model code (camelCase). */
  entity: string
  /** kebab-case: the file name and the last segment of the paths. */
  file: string
  /** snake_case: permission, menu code, loader key. */
  permission: string
  /** The folder under src/domain (and the screen path's first segment). */
  area: string
  api: string
  path: string
}

const kebab = (s: string) =>
  s
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
const camel = (s: string) => s.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase())

export function namesOf(code: Row, model: Row): ModuleNames {
  const entity = camel(String(model.modelCode))
  const file = kebab(entity)
  // The package's last segment names the area (vn.dmr.desk → desk); a module without one goes to "generated".
  const last =
    String(code.packageName ?? '')
      .split('.')
      .pop() ?? ''
  const area = /^[a-z][a-z0-9]*$/.test(last) ? last : 'generated'
  const service = /^[a-z][a-z0-9-]*$/.test(String(code.serviceName ?? ''))
    ? String(code.serviceName)
    : 'blade-desk'
  return {
    entity,
    file,
    permission: file.replace(/-/g, '_'),
    area,
    api: `/${service}/${file}`,
    path: `/${area}/${file}`,
  }
}
