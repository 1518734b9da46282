// Every declared entity. The server builds generic endpoints for each; the app builds its screens.
// Adding a simple entity: declare it in src/domain/<area>/<name>.ts and list it here.
import { datasource } from './develop/datasource.ts'
import type { EntityDef } from './entity.ts'
import { logApi, logError, logUsual } from './log/logs.ts'
import { reportFile } from './report/report-file.ts'
import { attach } from './resource/attach.ts'
import { oss } from './resource/oss.ts'
import { sms } from './resource/sms.ts'
import { client } from './system/client.ts'
import { param } from './system/param.ts'
import { post } from './system/post.ts'
import { region } from './system/region.ts'
import { topMenu } from './system/top-menu.ts'

export const entities: EntityDef[] = [param, client, post, topMenu, attach, oss, sms, datasource, logUsual, logApi, logError, region, reportFile]
