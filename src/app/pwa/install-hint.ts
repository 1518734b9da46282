// docs/offline.md R22: field users install the app to the home screen on iOS, because Safari's 7-day clean-up of
// unused sites' storage (the outbox included) does not apply to home-screen apps. The hint shows
// only in a Safari tab on iOS/iPadOS and stays away once dismissed.
import { getStore, setStore } from '@/api/storage'

const DISMISSED_KEY = 'pwaInstallHintDismissed'

export interface BrowserTraits {
  userAgent: string
  maxTouchPoints: number
  /** iOS Safari's navigator.standalone: true when opened from the home screen. */
  standalone?: boolean
  /** matchMedia('(display-mode: standalone)').matches */
  displayStandalone: boolean
}

/** iPhone/iPod/iPad, including iPadOS which reports itself as a Mac with a touch screen. */
function isIos(t: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return (
    /iPhone|iPad|iPod/.test(t.userAgent) || (/Macintosh/.test(t.userAgent) && t.maxTouchPoints > 1)
  )
}

/** Safari itself: other iOS browsers and in-app web views cannot add this site the same way. */
function isSafari(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Line\/|FBAN|FBAV|Instagram|MicroMessenger|Zalo/i.test(
      userAgent,
    )
  )
}

function isStandalone(t: Pick<BrowserTraits, 'standalone' | 'displayStandalone'>): boolean {
  return t.standalone === true || t.displayStandalone
}

export function shouldShowInstallHint(t: BrowserTraits, dismissed: boolean): boolean {
  return !dismissed && isIos(t) && isSafari(t.userAgent) && !isStandalone(t)
}

export function currentTraits(): BrowserTraits {
  const nav = navigator as Navigator & { standalone?: boolean }
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone,
    displayStandalone:
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches,
  }
}

export const installHintDismissed = (): boolean =>
  getStore<boolean>({ name: DISMISSED_KEY }) === true

export const dismissInstallHint = (): void => setStore({ name: DISMISSED_KEY, content: true })
