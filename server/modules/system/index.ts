// The system endpoints the app shell needs: menus, own user, role/dept choices, tenant by domain,
// dictionaries, notices for the popover and file upload.
import type { Module } from '../../http/routes.ts'
import { dictModule } from './dict.ts'
import { menuModule } from './menu.ts'
import { noticeModule } from './notice.ts'
import { ossModule } from './oss.ts'
import { selectModule } from './select.ts'
import { tenantModule } from './tenant.ts'
import { userModule } from './user.ts'

export const systemModule: Module = (ctx) => [menuModule, userModule, selectModule, tenantModule, dictModule, noticeModule, ossModule].flatMap((m) => m(ctx))
