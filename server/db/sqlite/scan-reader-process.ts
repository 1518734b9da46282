// One reader of the scan lane (reader-pool.ts): a process, not a thread, because a statement that
// runs past the list statement limit must stop, and better-sqlite3 has no interrupt. A thread cannot
// be stopped inside SQLite; a process can be killed, which a read-only connection survives (the
// operating system drops its locks). It ends with its parent.
import { statementReader } from './read-statements.ts'

const answer = statementReader(process.argv[2]!)
process.on('message', (req) => process.send!(answer(req as Parameters<typeof answer>[0])))
process.on('disconnect', () => process.exit(0))
