// Departments (/system/dept): a lazy tree table with '新增子项'; the parent selector is the dept tree.
import { CrudScreen } from '@/crud/crud-screen'
import { dept } from '@/domain/system/dept'

export default function DeptScreen() {
  return <CrudScreen entity={dept} slots={{ source: { kind: 'lazy' }, tree: 'deptName' }} />
}
