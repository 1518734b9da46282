// One reader thread of the SQLite pool (reader-pool.ts): answers each read it is sent
// (read-statements.ts) on its own connection.
import { parentPort, workerData } from 'node:worker_threads'
import { statementReader } from './read-statements.ts'

const answer = statementReader((workerData as { file: string }).file)
parentPort!.on('message', (req) => parentPort!.postMessage(answer(req)))
