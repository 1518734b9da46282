import { PUBLIC } from '../auth/context.ts'
import { ok } from '../http/envelope.ts'
import type { Module } from '../http/routes.ts'

export const healthModule: Module = (ctx) => [
  { method: 'GET', url: '/health', access: PUBLIC, handler: async () => ok({ status: 'up', database: ctx.dialect }) },
]
