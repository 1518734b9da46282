// Error toasts of the HTTP client (Mantine notifications), replaceable for tests or other hosts.
import { notifications } from '@mantine/notifications'

type Notifier = (message: string, onClose: () => void) => void

const toast: Notifier = (message, onClose) => notifications.show({ color: 'red', message, onClose })
let show = toast

/** Replaces the toasts; without an argument, puts Mantine's back. */
export function setNotifier(fn: Notifier = toast): void {
  show = fn
}

export function notifyError(message: string): void {
  show(message, () => {})
}

const open = new Set<string>()

/** At most one toast of a kind on screen (expired token, OAuth error). */
export function notifyErrorOnce(kind: string, message: string): void {
  if (open.has(kind)) return
  open.add(kind)
  // The toast may never report closing (no Notifications host mounted): free the kind anyway.
  const timer = setTimeout(() => open.delete(kind), 5000)
  show(message, () => {
    clearTimeout(timer)
    open.delete(kind)
  })
}
