// Menus (/system/menu): a lazy tree table (roots first, children when a row is expanded) with
// '新增子项'; the parent selector of the form is the menu tree.
import { CrudScreen } from '@/crud/crud-screen'
import { menu } from '@/domain/system/menu'

export default function MenuScreen() {
  return <CrudScreen entity={menu} slots={{ source: { kind: 'lazy' }, tree: 'name' }} />
}
