// Departments (/system/dept): a lazy tree table with '新增子项'; the parent selector is the dept tree.
import { dept } from '@/domain/system/dept'
import { TreeTable } from './tree-table'

export default function DeptScreen() {
  return <TreeTable def={dept} mode="lazy" treeField="deptName" />
}
