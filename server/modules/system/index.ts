// The system endpoints the app shell needs (menus, own user, role/dept choices, tenant by domain,
// dictionaries, notices for the popover and file upload) and the system administration screens
// (users, menus and grants, roles, depts, post choices, dictionaries, top-menu grants).
import type { Module } from '../../core/routes.ts'
import { deptAdminModule } from './dept-admin.ts'
import { dictAdminModule } from './dict-admin.ts'
import { dictModule } from './dict.ts'
import { menuAdminModule } from './menu-admin.ts'
import { menuGrantModule } from './menu-grant.ts'
import { menuModule } from './menu.ts'
import { ossModule } from './oss.ts'
import { postSelectModule } from './post-select.ts'
import { roleAdminModule } from './role-admin.ts'
import { selectModule } from './select.ts'
import { tenantModule } from './tenant.ts'
import { userActionsModule } from './user-actions.ts'
import { userAdminModule } from './user-admin.ts'
import { userExcelModule } from './user-excel.ts'
import { userModule } from './user.ts'

const shell: Module[] = [menuModule, userModule, selectModule, tenantModule, dictModule, ossModule]
const admin: Module[] = [
  userAdminModule,
  userActionsModule,
  userExcelModule,
  menuAdminModule,
  menuGrantModule,
  roleAdminModule,
  deptAdminModule,
  postSelectModule,
  dictAdminModule,
]

export const systemModule: Module = (ctx) => [...shell, ...admin].flatMap((m) => m(ctx))
