// A fixed number of reader worker threads (reader-worker.ts) on one SQLite file. A read goes to a
// free reader, or waits in one queue for the next one free. A reader that dies (crash, terminate)
// fails the read it was running with an error and is replaced, so no caller waits forever.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ReadAnswer, ReadRequest } from './reader-worker.ts'

interface Job {
  request: ReadRequest
  resolve: (rows: unknown[]) => void
  reject: (e: Error) => void
}

interface Reader {
  worker: Worker
  job: Job | null
}

/** A failed read keeps the SQLite error code (SQLITE_BUSY...) like better-sqlite3's own errors. */
export class ReaderError extends Error {
  readonly code: string | undefined
  constructor(message: string, code?: string) {
    super(message)
    this.code = code
  }
}

// A file path, not `new URL(..., import.meta.url)`: Vite rewrites that pattern into an asset URL
// when the server runs inside a jsdom test (the app's replay tests start a real server).
const WORKER_URL = join(dirname(fileURLToPath(import.meta.url)), 'reader-worker.ts')
/** A reader that dies before answering anything is replaced after this pause, not in a tight loop. */
const RESPAWN_PAUSE_MS = 200

export class ReaderPool {
  readonly #file: string
  readonly #readers = new Set<Reader>()
  readonly #queue: Job[] = []
  #nextId = 1
  #closed = false

  constructor(file: string, size: number) {
    this.#file = file
    for (let i = 0; i < size; i++) this.#spawn()
  }

  get size(): number {
    return this.#readers.size
  }

  /** The workers now running a read (tests end one to prove a crash fails its read and is replaced). */
  busyWorkers(): Worker[] {
    return [...this.#readers].filter((r) => r.job).map((r) => r.worker)
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'))
    return new Promise((resolve, reject) => {
      this.#queue.push({ request: { id: this.#nextId++, sql, parameters: [...parameters] }, resolve, reject })
      this.#dispatch()
    })
  }

  async close(): Promise<void> {
    this.#closed = true
    for (const job of this.#queue.splice(0)) job.reject(new Error('the database is closed'))
    await Promise.all([...this.#readers].map((r) => r.worker.terminate()))
    this.#readers.clear()
  }

  #dispatch(): void {
    for (const reader of this.#readers) {
      if (this.#queue.length === 0) return
      if (reader.job) continue
      reader.job = this.#queue.shift()!
      reader.worker.postMessage(reader.job.request)
    }
  }

  #spawn(): void {
    const worker = new Worker(WORKER_URL, { workerData: { file: this.#file } })
    const reader: Reader = { worker, job: null }
    let answered = false
    this.#readers.add(reader)
    worker.on('message', (answer: ReadAnswer) => {
      answered = true
      const job = reader.job
      reader.job = null
      if (job && job.request.id === answer.id) {
        if ('error' in answer) job.reject(new ReaderError(answer.error.message, answer.error.code))
        else job.resolve(answer.rows)
      }
      this.#dispatch()
    })
    let failure: Error | null = null
    worker.on('error', (e) => (failure = e))
    worker.on('exit', (code) => {
      this.#readers.delete(reader)
      reader.job?.reject(new Error(`SQLite reader thread ended (${failure?.message ?? `exit code ${code}`}) while reading`))
      reader.job = null
      if (this.#closed) return
      if (answered) this.#spawn()
      else {
        // Died before its first answer (the file cannot be opened?): fail the waiting reads rather than keep them.
        for (const job of this.#queue.splice(0)) job.reject(new Error(`SQLite reader thread cannot start: ${failure?.message ?? `exit code ${code}`}`))
        setTimeout(() => !this.#closed && (this.#spawn(), this.#dispatch()), RESPAWN_PAUSE_MS).unref()
      }
      this.#dispatch()
    })
  }
}
