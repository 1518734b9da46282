// Every declared entity. The server builds generic endpoints for each; the app builds its screens.
// Adding a simple entity: declare it in src/domain/<area>/<name>.ts and list it here.
import type { EntityDef } from './entity.ts'
import { client } from './system/client.ts'
import { param } from './system/param.ts'
import { post } from './system/post.ts'
import { topMenu } from './system/top-menu.ts'

export const entities: EntityDef[] = [param, client, post, topMenu]
