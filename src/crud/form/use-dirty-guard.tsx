// One "discard changes?" for every form: closing a dirty form (取消, Esc, ×), leaving its screen
// (a route change, closing its tab) or the page (reload, closing the window: the browser's own
// question) asks first; an untouched form closes at once. The form also holds the app update's reload.
import { useBlocker } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useDirtyMark } from '@/offline/use-dirty-mark'
import { DiscardDialog } from './discard-dialog'
import { addLeaveGuard } from './leave-guard'

export interface DirtyGuard {
  /** Closes at once when clean, else after the user agreed to discard. */
  requestClose: () => void
  /** The question, to render beside (not inside) the form's dialog. */
  dialog: ReactNode
}

export function useDirtyGuard(dirty: boolean, onClose: () => void): DirtyGuard {
  const [answer, setAnswer] = useState<((discard: boolean) => void) | null>(null)
  const pending = useRef<Promise<boolean> | null>(null)
  // One question at a time: Esc reaches both dialogs, and a route change may come while it is open.
  const ask = useCallback((): Promise<boolean> => {
    pending.current ??= new Promise<boolean>((resolve) => {
      setAnswer(() => (discard: boolean) => {
        pending.current = null
        setAnswer(null)
        resolve(discard)
      })
    })
    return pending.current
  }, [])
  useDirtyMark(dirty)
  useEffect(() => (dirty ? addLeaveGuard(ask) : undefined), [dirty, ask])
  // Only a change of screen drops the form; the list under it may rewrite its own query.
  const shouldBlockFn = useCallback(
    async ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
      current.pathname !== next.pathname && !(await ask()),
    [ask],
  )
  useBlocker({ shouldBlockFn, enableBeforeUnload: dirty, disabled: !dirty })
  const requestClose = () => {
    if (!dirty) onClose()
    else void ask().then((discard) => discard && onClose())
  }
  return {
    requestClose,
    dialog: answer && <DiscardDialog onDiscard={() => answer(true)} onKeep={() => answer(false)} />,
  }
}
