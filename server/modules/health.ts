import { PUBLIC } from '../core/access.ts'
import { ok } from '../core/envelope.ts'
import type { Module } from '../core/routes.ts'

export const healthModule: Module = (ctx) => [
  {
    method: 'GET',
    url: '/health',
    owner: 'none',
    access: PUBLIC,
    handler: async () => ok({ status: 'up', database: ctx.dialect }),
  },
]
