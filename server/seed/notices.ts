// Real notices of tenant 000000 for the desk and the top-bar notice popover.
import type { Kysely } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, TENANT_ID } from './ids.ts'

const NOTICES = [
  {
    id: '1123598818738675201',
    title: '欢迎使用越南电商管理平台',
    category: 1,
    content:
      '欢迎使用越南电商管理平台。左侧菜单按您的角色显示可用功能：商品、订单、礼物报表、达人外联、财务与库存盘点。右上角可切换语言（中文 / English）与主题；个人信息页可修改头像、联系方式和密码。',
  },
  {
    id: '1123598818738675202',
    title: '库存盘点支持离线录入',
    category: 6,
    content:
      '仓库网络不稳定时，库存盘点与达人跟进记录可先离线保存，恢复联网后自动同步到服务器。同步失败或冲突的记录会保留在待同步列表中，请及时处理。',
  },
]

export async function seedNotices(db: Kysely<DB>): Promise<void> {
  const have = new Set((await db.selectFrom('bladeNotice').select('id').execute()).map((r) => r.id))
  const t = now()
  for (const n of NOTICES) {
    if (have.has(n.id)) continue
    await db
      .insertInto('bladeNotice')
      .values({
        ...n,
        tenantId: TENANT_ID,
        releaseTime: t,
        createUser: ADMIN_USER_ID,
        createDept: DEPT_COMPANY,
        createTime: t,
        updateUser: ADMIN_USER_ID,
        updateTime: t,
      })
      .execute()
  }
}
