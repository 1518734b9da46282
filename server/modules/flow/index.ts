// The workflow (/api/blade-flow and the leave process of /api/blade-desk): process models,
// deployments, running processes, my work and the leave process, on the embedded BPMN engine.
import type { Module } from '../../core/routes.ts'
import { followRoutes } from './follow.ts'
import { leaveRoutes } from './leave.ts'
import { managerRoutes } from './manager.ts'
import { modelRoutes } from './models.ts'
import { workRoutes } from './work.ts'

export const flowModule: Module = (ctx) => [
  ...modelRoutes(ctx),
  ...managerRoutes(ctx),
  ...followRoutes(ctx),
  ...workRoutes(ctx),
  ...leaveRoutes(ctx),
]
