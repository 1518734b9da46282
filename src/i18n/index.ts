// Lingui set-up: Chinese by default, English on demand; the choice is remembered.
import { i18n } from '@lingui/core'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { messages as zhMessages } from '../locales/zh/messages'
import { loadServerMessageIds } from './server-message'

export type Locale = 'zh' | 'en'
const STORAGE_KEY = 'saber-language'

export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEY)
    return v === 'en' ? 'en' : 'zh'
  } catch {
    return 'zh'
  }
}

export async function activateLocale(locale: Locale): Promise<void> {
  if (locale === 'en') {
    const [{ messages }] = await Promise.all([
      import('../locales/en/messages'),
      loadServerMessageIds(),
    ])
    i18n.loadAndActivate({ locale, messages })
    dayjs.locale('en')
  } else {
    i18n.loadAndActivate({ locale, messages: zhMessages })
    dayjs.locale('zh-cn')
  }
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en'
  try {
    localStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

export { i18n }
