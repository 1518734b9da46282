import { beforeEach, describe, expect, it } from 'vitest'
import {
  dismissInstallHint,
  installHintDismissed,
  shouldShowInstallHint,
  type BrowserTraits,
} from './install-hint'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'
const IPHONE_ZALO =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

const traits = (userAgent: string, over: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent,
  maxTouchPoints: 5,
  standalone: false,
  displayStandalone: false,
  ...over,
})

describe('install hint', () => {
  beforeEach(() => localStorage.clear())

  it('shows in a Safari tab on iPhone and iPad', () => {
    expect(shouldShowInstallHint(traits(IPHONE_SAFARI), false)).toBe(true)
    expect(shouldShowInstallHint(traits(IPAD_DESKTOP_MODE), false)).toBe(true)
  })

  it('does not show once installed, after dismissal, or elsewhere', () => {
    expect(shouldShowInstallHint(traits(IPHONE_SAFARI, { standalone: true }), false)).toBe(false)
    expect(shouldShowInstallHint(traits(IPHONE_SAFARI, { displayStandalone: true }), false)).toBe(
      false,
    )
    expect(shouldShowInstallHint(traits(IPHONE_SAFARI), true)).toBe(false)
    expect(shouldShowInstallHint(traits(IPHONE_CHROME), false)).toBe(false)
    expect(shouldShowInstallHint(traits(IPHONE_ZALO), false)).toBe(false)
    expect(shouldShowInstallHint(traits(ANDROID_CHROME), false)).toBe(false)
    // A real Mac (no touch screen) is not iOS.
    expect(shouldShowInstallHint(traits(IPAD_DESKTOP_MODE, { maxTouchPoints: 0 }), false)).toBe(
      false,
    )
  })

  it('remembers the dismissal', () => {
    expect(installHintDismissed()).toBe(false)
    dismissInstallHint()
    expect(installHintDismissed()).toBe(true)
  })
})
