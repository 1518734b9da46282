// Captures the HTTP client's error toasts; every toast is "closed" after each test.
import { afterAll, afterEach, beforeEach } from 'vitest'
import { setNotifier } from '@/api/http'

export function captureToasts(): string[] {
  const shown: string[] = []
  const closers: (() => void)[] = []
  beforeEach(() => {
    shown.length = 0
    setNotifier((message, onClose) => {
      shown.push(message)
      closers.push(onClose)
    })
  })
  afterEach(() => {
    for (const close of closers.splice(0)) close()
  })
  afterAll(() => setNotifier())
  return shown
}
