// The platform's parameters (tenant 000000): every tenant's defaults until it sets its own.
import type { Kysely } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, TENANT_ID } from './ids.ts'
import { stableId } from './stable-id.ts'

const PARAMS = [
  {
    paramKey: 'account.initPassword',
    paramName: '账号初始密码',
    paramValue: '123456',
    remark: '新建租户管理员、重置密码与导入用户时使用',
  },
  {
    paramKey: 'job.instanceKeepDays',
    paramName: '任务实例保留天数',
    paramValue: '30',
    remark: '结束超过此天数的任务实例及其日志每小时清理一次; 0 表示全部保留; 租户可设置自己的值',
  },
  {
    paramKey: 'gift.coinValueVnd',
    paramName: '礼物金币价值(越南盾)',
    paramValue: '250',
    remark:
      '1 个直播礼物金币折合的越南盾, 礼物报表的总价值 = 礼物总价(金币) × 此值 (向下取整); 租户可设置自己的值',
  },
]

export async function seedParams(db: Kysely<DB>): Promise<void> {
  const t = now()
  for (const p of PARAMS) {
    const id = stableId('param', p.paramKey)
    if (await db.selectFrom('bladeParam').select('id').where('id', '=', id).executeTakeFirst())
      continue
    // An installation that already has the key (typed on the screen) keeps its own row.
    if (
      await db
        .selectFrom('bladeParam')
        .select('id')
        .where('paramKey', '=', p.paramKey)
        .where('tenantId', '=', TENANT_ID)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    )
      continue
    await db
      .insertInto('bladeParam')
      .values({
        ...p,
        id,
        tenantId: TENANT_ID,
        createUser: ADMIN_USER_ID,
        createDept: DEPT_COMPANY,
        createTime: t,
        updateUser: ADMIN_USER_ID,
        updateTime: t,
      })
      .execute()
  }
}
