// The one logger of the app: console output with a context label, so failures are found by search.
// Failures of the server (5xx) and of the network also go to the shell's local error log through
// the sink it registers; a refused request (4xx) does not: the screen that sent it shows why.
type FailureSink = (err: unknown, info: string) => void

let sink: FailureSink = () => {}

/** The shell registers where server and network failures are recorded; returns the uninstall. */
export function setFailureSink(fn: FailureSink): () => void {
  sink = fn
  return () => {
    if (sink === fn) sink = () => {}
  }
}

export const logger = {
  error(context: string, err?: unknown): void {
    console.error(`[${context}]`, err)
  },
  warn(context: string, detail?: unknown): void {
    console.warn(`[${context}]`, detail)
  },
  info(context: string, detail?: unknown): void {
    console.info(`[${context}]`, detail)
  },
  /** A call the server failed (5xx) or the network lost: recorded in the local error log. */
  failure(context: string, err: unknown): void {
    console.error(`[${context}]`, err)
    sink(err, context)
  },
}
