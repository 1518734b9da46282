// Menus (/system/menu): a lazy tree table; the parent selector of the form is the menu tree.
import { menu } from '@/domain/system/menu'
import { TreeTable } from './tree-table'

export default function MenuScreen() {
  return <TreeTable def={menu} mode="lazy" treeField="name" />
}
