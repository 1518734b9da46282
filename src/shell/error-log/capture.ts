// Global capture of uncaught errors and unhandled promise rejections into the local error log, and
// of the HTTP client's server and network failures (recorded where they happen, once).
import { BladeHttpError } from '@/api/client'
import { setFailureSink } from '@/api/logger'
import { errorLogStore } from './error-log-store'

export function installErrorCapture(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    // Resource load errors (img, script) carry no error object and no message: not UI errors.
    if (!e.error && !e.message) return
    errorLogStore.record(
      e.error ?? e.message,
      e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : 'window.onerror',
    )
  }
  // An HTTP answer left unhandled is not a UI error: a refusal (4xx) is shown by the screen that
  // sent it, and a 5xx or network failure was already recorded by the client's sink below.
  const onRejection = (e: PromiseRejectionEvent) => {
    if (e.reason instanceof BladeHttpError) return
    errorLogStore.record(e.reason, 'unhandledrejection')
  }
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  const uninstallSink = setFailureSink((err, info) => errorLogStore.record(err, info))
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
    uninstallSink()
  }
}
