// The server's CSP has no 'unsafe-eval': Zod must not compile its parsers with new Function. Its
// probe for that is itself reported as a violation, so it is told up front, before any schema is built.
import { z } from 'zod'

z.config({ jitless: true })
