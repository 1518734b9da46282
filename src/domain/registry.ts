// Every declared entity. The server builds generic endpoints for each; the app builds its screens.
// Adding a simple entity: declare it in src/domain/<area>/<name>.ts and list it here.
import type { EntityDef } from './entity.ts'
import { param } from './system/param.ts'

export const entities: EntityDef[] = [param]
