// The generic endpoints of every declared entity (src/domain/registry.ts) that has no hand-written
// module, with the few server-side options some need.
import { entities } from '../../src/domain/registry.ts'
import { USER } from '../core/access.ts'
import type { Module } from '../core/routes.ts'
import { crudRoutes } from './engine.ts'
import type { CrudOptions } from './options.ts'

const options: Record<string, CrudOptions> = {
  // Every user reads the notices of their tenant (desk, notice popover); writing needs the buttons.
  notice: { readAccess: USER },
}

/** The generic endpoints, with the server-side options (hooks) of feature modules by entity name. */
export function crudModuleWith(extra: Record<string, CrudOptions>): Module {
  const all = { ...options, ...extra }
  return (ctx) =>
    entities.filter((def) => !def.custom).flatMap((def) => crudRoutes(def, ctx, all[def.name]))
}
