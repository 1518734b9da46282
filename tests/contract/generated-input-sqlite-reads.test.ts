// Generated bad input over the route inventory (generated-input-suite.ts): the reads half on SQLite.
import { generatedInput } from './generated-input-suite.ts'

generatedInput('sqlite', 'reads')
