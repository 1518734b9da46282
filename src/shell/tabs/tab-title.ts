// The text a tab shows in the active language.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { menuLabel } from '../menu/menu-mapping'
import { HOME_PATH, type Tab } from './tab-rules'

const HOME_TITLE = msg`首页`

export function tabTitle(tab: Tab, i18n: I18n): string {
  if (tab.path === HOME_PATH) return i18n._(HOME_TITLE)
  if (typeof tab.meta?.title === 'string') return i18n._(tab.meta.title)
  return menuLabel({ label: tab.label, meta: tab.meta ?? {} }, i18n.locale)
}
