// A fixed number of readers on one SQLite file: worker threads (reader-worker.ts) for the ordinary
// reads, or processes (scan-reader-process.ts) for the scan lane of lists (db/list-lanes.ts). A read
// goes to a free reader, or waits in one queue for the next one free. A reader that dies (crash,
// terminate) fails the read it was running with an error and is replaced, so no caller waits forever.
// A read given a limit fails with ListStatementTimeout when it waits or runs longer: a process is
// killed on the spot; a thread cannot be stopped inside SQLite, so it is left to finish alone (its
// answer dropped) and a fresh thread takes its place.
import { fork, type ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { ListStatementTimeout } from '../list-lanes.ts'
import type { ReadAnswer, ReadRequest } from './read-statements.ts'

interface Job {
  request: ReadRequest
  limitMs: number | undefined
  timer: NodeJS.Timeout | undefined
  resolve: (rows: unknown[]) => void
  reject: (e: Error) => void
}

/** A reader thread or process: both send and receive messages and end with 'exit'. */
type Handle = Worker | ChildProcess

interface Reader {
  handle: Handle
  job: Job | null
  /** Left to finish a statement past its limit: no longer one of the pool's readers. */
  abandoned: boolean
}

/** A failed read keeps the SQLite error code (SQLITE_BUSY...) like better-sqlite3's own errors. */
class ReaderError extends Error {
  readonly code: string | undefined
  constructor(message: string, code?: string) {
    super(message)
    this.code = code
  }
}

export type ReaderKind = 'thread' | 'process'

// File paths, not `new URL(..., import.meta.url)`: Vite rewrites that pattern into an asset URL
// when the server runs inside a jsdom test (the app's replay tests start a real server).
const here = dirname(fileURLToPath(import.meta.url))
const WORKER_FILE = join(here, 'reader-worker.ts')
const PROCESS_FILE = join(here, 'scan-reader-process.ts')
/** A reader that dies before answering anything is replaced after this pause, not in a tight loop. */
const RESPAWN_PAUSE_MS = 200

export class ReaderPool {
  readonly #file: string
  readonly #size: number
  readonly #kind: ReaderKind
  readonly #readers = new Set<Reader>()
  readonly #queue: Job[] = []
  #nextId = 1
  #closed = false

  /** Threads start at once; processes when the first read needs one (most servers never scan). */
  constructor(file: string, size: number, kind: ReaderKind = 'thread') {
    this.#file = file
    this.#size = size
    this.#kind = kind
    if (kind === 'thread') for (let i = 0; i < size; i++) this.#spawn()
  }

  get size(): number {
    return this.#readers.size
  }

  /** The readers now running a read (tests end one to prove a crash fails its read and is replaced). */
  busyWorkers(): { terminate: () => unknown }[] {
    return [...this.#readers]
      .filter((r) => r.job)
      .map((r) => ({ terminate: () => this.#stop(r.handle) }))
  }

  read(sql: string, parameters: readonly unknown[], limitMs?: number): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'))
    return new Promise((resolve, reject) => {
      const job: Job = {
        request: { id: this.#nextId++, sql, parameters: [...parameters] },
        limitMs,
        timer: undefined,
        resolve,
        reject,
      }
      if (limitMs !== undefined) {
        job.timer = setTimeout(() => {
          const at = this.#queue.indexOf(job)
          if (at >= 0) this.#queue.splice(at, 1)
          reject(new ListStatementTimeout(limitMs, 'waiting'))
        }, limitMs)
      }
      this.#queue.push(job)
      this.#dispatch()
    })
  }

  async close(): Promise<void> {
    this.#closed = true
    for (const job of this.#queue.splice(0)) {
      clearTimeout(job.timer)
      job.reject(new Error('the database is closed'))
    }
    await Promise.all([...this.#readers].map((r) => this.#stop(r.handle)))
    this.#readers.clear()
  }

  #stop(handle: Handle): Promise<unknown> {
    if (handle instanceof Worker) return handle.terminate()
    if (handle.exitCode !== null || handle.signalCode !== null) return Promise.resolve()
    const exited = new Promise((resolve) => handle.once('exit', resolve))
    handle.kill('SIGKILL')
    return exited
  }

  #dispatch(): void {
    // Processes start when reads wait for them, up to the pool's size.
    if (this.#kind === 'process' && !this.#closed) {
      const idle = [...this.#readers].filter((r) => !r.job).length
      for (let i = idle; i < this.#queue.length && this.#readers.size < this.#size; i++)
        this.#spawn()
    }
    for (const reader of this.#readers) {
      if (this.#queue.length === 0) return
      if (reader.job) continue
      const job = this.#queue.shift()!
      reader.job = job
      clearTimeout(job.timer)
      if (job.limitMs !== undefined)
        job.timer = setTimeout(() => this.#overrun(reader, job), job.limitMs)
      if (reader.handle instanceof Worker) reader.handle.postMessage(job.request)
      else reader.handle.send(job.request)
    }
  }

  /** A read past its limit: fail it now; stop its reader (a process) or leave it behind (a thread). */
  #overrun(reader: Reader, job: Job): void {
    if (reader.job !== job) return
    reader.job = null
    reader.abandoned = true
    this.#readers.delete(reader)
    job.reject(new ListStatementTimeout(job.limitMs!, 'running'))
    void this.#stop(reader.handle)
    if (!this.#closed && this.#kind === 'thread') this.#spawn()
    this.#dispatch()
  }

  #spawn(): void {
    const handle: Handle =
      this.#kind === 'thread'
        ? new Worker(WORKER_FILE, { workerData: { file: this.#file } })
        : // No inherited flags (a profiler's, a test runner's): the reader is plain node on a plain file.
          fork(PROCESS_FILE, [this.#file], {
            execArgv: [],
            serialization: 'advanced',
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          })
    const reader: Reader = { handle, job: null, abandoned: false }
    let answered = false
    this.#readers.add(reader)
    handle.on('message', (answer: ReadAnswer) => {
      answered = true
      const job = reader.job
      if (reader.abandoned) return
      reader.job = null
      if (job && job.request.id === answer.id) {
        clearTimeout(job.timer)
        if ('error' in answer) job.reject(new ReaderError(answer.error.message, answer.error.code))
        else job.resolve(answer.rows)
      }
      this.#dispatch()
    })
    let failure: Error | null = null
    handle.on('error', (e) => (failure = e))
    handle.on('exit', (code) => {
      if (reader.abandoned) return
      this.#readers.delete(reader)
      if (reader.job) clearTimeout(reader.job.timer)
      reader.job?.reject(
        new Error(
          `SQLite reader ${this.#kind} ended (${failure?.message ?? `exit code ${code}`}) while reading`,
        ),
      )
      reader.job = null
      if (this.#closed) return
      // A process starts again when a read waits for one (#dispatch); a thread at once.
      if (this.#kind === 'thread' && answered) this.#spawn()
      else if (this.#kind === 'thread') {
        // Died before its first answer (the file cannot be opened?): fail the waiting reads rather than keep them.
        for (const job of this.#queue.splice(0)) {
          clearTimeout(job.timer)
          job.reject(
            new Error(
              `SQLite reader thread cannot start: ${failure?.message ?? `exit code ${code}`}`,
            ),
          )
        }
        setTimeout(
          () => !this.#closed && (this.#spawn(), this.#dispatch()),
          RESPAWN_PAUSE_MS,
        ).unref()
      }
      this.#dispatch()
    })
  }
}
