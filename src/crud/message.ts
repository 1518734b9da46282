// Renders a domain Message ({descriptor, values}) in the active language; nested descriptors
// (field labels inside "X不能为空") are translated first.
import type { I18n } from '@lingui/core'
import type { Message } from '@/domain/messages'

export function renderMessage(i18n: I18n, m: Message): string {
  const values: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(m.values ?? {}))
    values[k] = typeof v === 'object' ? i18n._(v) : v
  return i18n._(m.descriptor.id, values, { message: m.descriptor.message })
}
