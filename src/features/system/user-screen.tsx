// Users (/system/user): the generic list with the dept tree beside it (a chosen dept filters the
// list by deptId) and the user actions of user-actions.tsx. The add form asks for the password
// (the declaration's `form: 'add'`); editing never shows it.
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { user } from '@/domain/system/user'
import { CrudScreen } from '@/crud/crud-screen'
import { useUserActions } from './user-actions'
import { UserDeptTree } from './user-dept-tree'

export default function UserScreen() {
  const [deptId, setDeptId] = useState<string | null>(null)
  const navigate = useNavigate()
  const actions = useUserActions()
  const chooseDept = (id: string | null) => {
    setDeptId(id)
    // Another dept starts on its first page.
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, current: 1 })) as never,
      replace: true,
    })
  }
  return (
    <>
      <CrudScreen
        entity={user}
        slots={{
          left: <UserDeptTree value={deptId} onChange={chooseDept} />,
          params: deptId ? { deptId } : undefined,
          toolbar: actions.toolbar,
          rowActions: actions.rowActions,
        }}
      />
      {actions.dialogs}
    </>
  )
}
