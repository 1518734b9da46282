// The shape of the seeded menu tree and the helpers its data files are written with. A screen's
// buttons get the code `<menu code>_<key>` (the permission key) and alias `<key>`.
export interface ButtonSeed {
  key: string
  name: string
  /** button_func: 1 toolbar, 2 row, 3 both. */
  action: number
  source: string
}

export interface MenuSeed {
  code: string
  name: string
  /** English name: the app shows it when the language is English. */
  alias: string
  path: string
  /** Tabler icon component name. */
  source: string
  children: MenuSeed[]
  buttons: ButtonSeed[]
}

const STANDARD: Record<string, ButtonSeed> = {
  add: { key: 'add', name: '新增', action: 1, source: 'IconPlus' },
  edit: { key: 'edit', name: '修改', action: 2, source: 'IconEdit' },
  delete: { key: 'delete', name: '删除', action: 3, source: 'IconTrash' },
  view: { key: 'view', name: '查看', action: 2, source: 'IconEye' },
  export: { key: 'export', name: '导出', action: 1, source: 'IconDownload' },
  import: { key: 'import', name: '导入', action: 1, source: 'IconUpload' },
}

export const CRUD = ['add', 'edit', 'delete', 'view']

/** A special button: `btn('reset', '密码重置', 1)`. */
export function btn(key: string, name: string, action: number, source = 'IconPointer'): ButtonSeed {
  return { key, name, action, source }
}

export function folder(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  children: MenuSeed[],
): MenuSeed {
  return { code, name, alias, path, source, children, buttons: [] }
}

/** A screen with its buttons: standard keys by name ('add', 'export'...) or btn(...). */
export function screen(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  buttons: (string | ButtonSeed)[],
): MenuSeed {
  const list = buttons.map((b) => {
    if (typeof b !== 'string') return b
    const standard = STANDARD[b]
    if (!standard) throw new Error(`unknown standard button '${b}' on menu ${code}`)
    return standard
  })
  return { code, name, alias, path, source, children: [], buttons: list }
}
