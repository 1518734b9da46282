// A job's alert goes to the existing notice area of the job's tenant (通知公告, category 事务通知):
// Blade's notices have no addressees, so the notice names the job's notifyUserIds and says what
// failed and where to look.
import type { Kysely } from 'kysely'
import type { JobRow } from '../../db/schema-scheduler.ts'
import type { DB } from '../../db/schema.ts'
import { formatDateTime, now } from '../../core/dates.ts'
import { nextId } from '../../core/ids.ts'

/** 事务通知 in the notice category dictionary. */
const CATEGORY_AFFAIRS = 6

const idsOf = (raw: string | null | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,20}$/.test(s))

export async function sendJobAlert(
  db: Kysely<DB>,
  job: JobRow,
  failures: number,
  at: number,
): Promise<void> {
  const ids = idsOf(job.notifyUserIds)
  const users = ids.length
    ? await db
        .selectFrom('bladeUser')
        .select(['realName', 'account'])
        .where('tenantId', '=', job.tenantId)
        .where('id', 'in', ids)
        .where('isDeleted', '=', 0)
        .execute()
    : []
  const names = users.map((u) => u.realName || u.account).join('、')
  const window = job.statisticWindowLen > 0 ? `最近 ${job.statisticWindowLen} 秒内` : '累计'
  const content = [
    `任务「${job.jobName}」${window}失败 ${failures} 次，达到报警阈值 ${job.alertThreshold}。`,
    `最近一次失败于 ${formatDateTime(new Date(at))}，请在 任务调度 → 任务信息 中查看该任务的实例与日志。`,
    names ? `报警用户：${names}` : '该任务未设置报警用户。',
    job.silenceWindowLen > 0 ? `此后 ${job.silenceWindowLen} 秒内不再重复报警。` : '',
  ]
    .filter(Boolean)
    .join('\n')
  const t = now()
  await db
    .insertInto('bladeNotice')
    .values({
      id: nextId(),
      tenantId: job.tenantId,
      title: `任务报警：${job.jobName}`.slice(0, 255),
      category: CATEGORY_AFFAIRS,
      releaseTime: t,
      content,
      createUser: job.createUser,
      createDept: null,
      createTime: t,
      updateUser: job.createUser,
      updateTime: t,
    })
    .execute()
}
