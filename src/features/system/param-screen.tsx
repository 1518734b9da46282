import { CrudScreen } from '@/crud/crud-screen'
import { param } from '@/domain/system/param'

export function ParamScreen() {
  return <CrudScreen entity={param} />
}
