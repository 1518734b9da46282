// What the workflow's routes share: how the app's engine is made, the engine's refusals as
// Blade errors, paging, and the names (users, categories) the records show.
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { AuthUser } from '../../auth/context.ts'
import { hasButton } from '../../auth/guard.ts'
import { parsePage } from '../../crud/filters.ts'
import type { Dialect } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'
import {
  createFlowEngine,
  FlowRefusal,
  type FlowEngine,
  type FlowUser,
} from '../../engines/bpmn/engine.ts'
import { ModelError } from '../../engines/bpmn/model.ts'
import type { FlowTables } from '../../db/schema-bpmn.ts'
import { now } from '../../core/dates.ts'
import { badRequest, BladeError, forbidden } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { requireParam, type AppContext } from '../../core/routes.ts'

/** The engine over the app's database: made once per app (AppContext.flowEngine, app.ts). */
export function flowEngineFor(db: Kysely<DB>, dialect: Dialect): FlowEngine {
  return createFlowEngine({
    db: db as unknown as Kysely<FlowTables>,
    dialect,
    newId: nextId,
    now,
  })
}

/** Runs an engine call; its refusals (and a file it will not take) answer as Blade errors. */
export async function guarded<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f()
  } catch (e) {
    if (e instanceof FlowRefusal) throw new BladeError(e.status, e.message)
    if (e instanceof ModelError) throw badRequest(e.message)
    throw e
  }
}

export const flowUser = (u: AuthUser): FlowUser => ({
  userId: u.userId,
  roleAliases: u.roleAliases,
})

export function idOf(p: Record<string, string>, name: string): string {
  const id = requireParam(p, name).trim()
  if (!isId(id)) throw badRequest(`请求参数格式错误: ${name}`)
  return id
}

/** A comma list of ids (remove?ids=1,2), each checked. */
export function idsOf(p: Record<string, string>, name: string): string[] {
  const ids = requireParam(p, name)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (ids.length === 0 || ids.length > 500 || !ids.every(isId))
    throw badRequest(`请求参数格式错误: ${name}`)
  return ids
}

export function pageArgs(p: Record<string, string>): {
  current: number
  size: number
  offset: number
} {
  const { current, size } = parsePage(p)
  return { current, size, offset: (current - 1) * size }
}

export const pageOf = <T>(records: T[], total: number, current: number, size: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
})

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)
/** A case-insensitive contains-search of the column, wildcards in the text taken literally. */
export const contains = (column: string, text: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`

/** Whether the comma list in the column holds the value (candidate users, candidate groups). */
export const listHas = (column: string, value: string) =>
  sql<SqlBool>`(',' || coalesce(${sql.ref(column)}, '') || ',') like ${`%,${escapeLike(value)},%`} escape '\\'`

/** Users' display names (real name, else name, else account) by id. */
export async function userNames(
  db: Kysely<DB>,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const want = [...new Set(ids.filter((x): x is string => !!x && isId(x)))]
  if (!want.length) return new Map()
  const rows = await db
    .selectFrom('bladeUser')
    .select(['id', 'realName', 'name', 'account'])
    .where('id', 'in', want)
    .execute()
  return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]))
}

/** The `flow` dictionary: a category `flow_<key>` is named by the entry with that key. */
export async function categoryNames(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('bladeDict')
    .select(['dictKey', 'dictValue'])
    .where('code', '=', 'flow')
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .execute()
  return new Map(rows.map((r) => [`flow_${r.dictKey}`, r.dictValue]))
}

export const MSG_NOT_PARTICIPANT = '只有流程的发起人、办理人和候选人可以查看该流程'

/**
 * A process's diagram, history and business row are read by whoever follows the tenant's processes
 * (流程跟踪, 流程图), by its starter, and by anyone one of its tasks was or is for: a colleague's
 * leave request is not everyone's reading.
 */
export async function assertProcessReader(
  ctx: AppContext,
  user: AuthUser,
  inst: { id: string; startUser: string },
): Promise<void> {
  if (inst.startUser === user.userId) return
  const ref = ctx.db as unknown as Kysely<FlowTables>
  const mine = await ref
    .selectFrom('bladeFlowTask')
    .select('id')
    .where('instanceId', '=', inst.id)
    .where((eb) =>
      eb.or([
        eb('assignee', '=', user.userId),
        listHas('candidate_users', user.userId),
        ...user.roleAliases.map((a) => listHas('candidate_groups', a)),
      ]),
    )
    .executeTakeFirst()
  if (mine) return
  if ((await hasButton(ctx, user, 'flow_follow')) || (await hasButton(ctx, user, 'flow_diagram')))
    return
  throw forbidden(MSG_NOT_PARTICIPANT)
}
