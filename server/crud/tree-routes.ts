// A tree entity of the generic engine (declared `tree: { parent, label }`, not custom): its forest for
// pickers (`tree`: TreeNode, docs/contract.md §2.5) and its rows one level at a time for the list
// (`lazy-list?parentId=`, '0' for the top), each saying whether it has children. Tenant- and
// data-scoped like the list.
import { columnOf, type EntityDef } from '../../src/domain/entity.ts'
import type { Access } from '../core/access.ts'
import { badRequest, ok } from '../core/envelope.ts'
import { isId } from '../core/ids.ts'
import { caller } from '../auth/context.ts'
import { params, type AppContext, type RouteDef } from '../core/routes.ts'
import { treeForest } from './tree.ts'
import type { CrudOptions } from './options.ts'
import { scopeOf } from './read.ts'
import { scoped } from './scope.ts'
import { dynamic, toWire, type Row } from './table.ts'

/** The most rows a tree answers: a tree screen of more is no tree a person can use. */
const TREE_MAX = 5000
const ROOT = '0'

export function treeRoutes(
  def: EntityDef,
  ctx: AppContext,
  opts: CrudOptions,
  read: Access,
): RouteDef[] {
  const tree = def.tree
  if (!tree || def.custom) return []
  const parentField = def.fields.find((f) => f.name === tree.parent)
  const labelField = def.fields.find((f) => f.name === (tree.label ?? tree.parent))
  if (!parentField || !labelField)
    throw new Error(`${def.name}: its tree names fields it does not declare`)
  const parent = columnOf(parentField)
  const label = columnOf(labelField)
  const db = dynamic(ctx.db)
  const parentOf = (r: Row) =>
    r.pid === null || r.pid === undefined || r.pid === '' ? ROOT : String(r.pid)
  return [
    {
      method: 'GET',
      url: `${def.api}/tree`,
      access: read,
      handler: async (req) => {
        const user = caller(req)
        const q = db
          .selectFrom(def.table)
          .select(['id', `${parent} as pid`, `${label} as title`])
          .orderBy('id')
          .limit(TREE_MAX)
        const rows = (await scoped(q, def, user, {
          restrict: opts.restrict,
          dataScope: await scopeOf(ctx, def, user),
        }).execute()) as Row[]
        return ok(
          treeForest(
            rows.map((r) => ({
              id: String(r.id),
              parentId: parentOf(r),
              title: String(r.title ?? ''),
            })),
            (r) => r.title,
          ),
        )
      },
    },
    {
      method: 'GET',
      url: `${def.api}/lazy-list`,
      access: read,
      handler: async (req) => {
        const user = caller(req)
        const parentId = params(req)[tree.parent] ?? params(req).parentId ?? ROOT
        if (parentId !== ROOT && !isId(parentId))
          throw badRequest(`请求参数格式错误: ${tree.parent}`)
        const scope = { restrict: opts.restrict, dataScope: await scopeOf(ctx, def, user) }
        let q = db.selectFrom(def.table).selectAll().orderBy('id').limit(TREE_MAX)
        q =
          parentId === ROOT
            ? q.where((eb) =>
                eb.or([eb(parent, 'is', null), eb(parent, '=', ROOT), eb(parent, '=', '')]),
              )
            : q.where(parent, '=', parentId)
        const rows = (await scoped(q, def, user, scope).execute()) as Row[]
        const ids = rows.map((r) => String(r.id))
        const withKids = ids.length
          ? new Set(
              (
                (await scoped(
                  db
                    .selectFrom(def.table)
                    .select(`${parent} as pid`)
                    .distinct()
                    .where(parent, 'in', ids),
                  def,
                  user,
                  scope,
                ).execute()) as Row[]
              ).map(parentOf),
            )
          : new Set<string>()
        return ok(rows.map((r) => ({ ...toWire(def, r), hasChildren: withKids.has(String(r.id)) })))
      },
    },
  ]
}
