// Writes whose loss in a power cut costs nothing anyone saved (the API and error log rows) commit
// without waiting for the disk. SQLite: `synchronous = NORMAL` for that statement, and the next
// ordinary commit's flush covers it (WAL); each API call writes a log row, and its commit blocked
// the event loop for a disk flush (1–4 ms on this machine's disk) after every call, even a read. A
// crash of the process loses nothing: the rows are in the operating system's hands once committed.
// PostgreSQL: connections with `synchronous_commit = off`, so a log insert never holds an ordinary
// connection through a WAL flush.
import { AsyncLocalStorage } from 'node:async_hooks'

const unsynced = new AsyncLocalStorage<true>()

/** Runs `write` with its statements committed without waiting for the disk. */
export function withoutDiskWait<T>(write: () => Promise<T>): Promise<T> {
  return unsynced.run(true, write)
}

/** The statement about to run was asked to commit without waiting for the disk. */
export function diskWaitSkipped(): boolean {
  return unsynced.getStore() === true
}
