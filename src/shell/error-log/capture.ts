// Global capture of uncaught errors and unhandled promise rejections into the local error log.
import { errorLogStore } from './error-log-store'

export function installErrorCapture(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    // Resource load errors (img, script) carry no error object and no message: not UI errors.
    if (!e.error && !e.message) return
    errorLogStore.record(e.error ?? e.message, e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : 'window.onerror')
  }
  const onRejection = (e: PromiseRejectionEvent) => errorLogStore.record(e.reason, 'unhandledrejection')
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
