import { PUBLIC } from '../auth/context.ts'
import { ok } from '../http/envelope.ts'
import type { Module } from '../http/routes.ts'

export const healthModule: Module = (ctx) => [
  {
    method: 'GET',
    url: '/health',
    owner: 'none',
    access: PUBLIC,
    handler: async () => ok({ status: 'up', database: ctx.dialect }),
  },
]
