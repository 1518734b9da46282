// Every module of the server, in one list.
import type { Module } from '../http/routes.ts'
import { authModule } from './auth/index.ts'
import { crudModule } from '../crud/module.ts'
import { developModule } from './develop/index.ts'
import { healthModule } from './health.ts'
import { resourceModule } from './resource/index.ts'
import { regionModule } from './region/index.ts'
import { tenantModule } from './tenant/index.ts'
import { systemModule } from './system/index.ts'

export const modules: Module[] = [developModule, resourceModule, regionModule, tenantModule, crudModule, healthModule, authModule, systemModule]
