// The generic endpoints of every declared entity (src/domain/registry.ts).
import { entities } from '../../src/domain/registry.ts'
import type { Module } from '../http/routes.ts'
import { crudRoutes } from './engine.ts'

export const crudModule: Module = (ctx) => entities.filter((def) => !def.custom).flatMap((def) => crudRoutes(def, ctx))
