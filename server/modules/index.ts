// Every module of the server, in one list.
import { crudModule } from '../crud/module.ts'
import type { Module } from '../http/routes.ts'
import { healthModule } from './health.ts'
import { tenantModule } from './tenant/index.ts'

export const modules: Module[] = [tenantModule, crudModule, healthModule]
