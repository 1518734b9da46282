// The server's CSP has no 'unsafe-eval': Zod must not compile its parsers with new Function. Its
// probe for that is itself reported as a violation, so it is told before any schema is built. The
// app imports `zod` through this module (vite.config.ts aliases it), so the setting comes with the
// library wherever a lazy chunk first loads it, and the first download carries no Zod.
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export { z, z as default }
