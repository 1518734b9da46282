// Every module of the server, in one list.
import type { Module } from '../http/routes.ts'
import { healthModule } from './health.ts'

export const modules: Module[] = [healthModule]
