// Generated bad input over the route inventory (generated-input-suite.ts): the writes half on SQLite.
import { generatedInput } from './generated-input-suite.ts'

generatedInput('sqlite', 'writes')
