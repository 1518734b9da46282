// The server's messages in the UI's language where the catalog knows them. A Blade server answers in
// Chinese (the contract's envelope `msg`); ours builds its validation messages from the same entity
// declarations as the forms (required, range, format messages), so those are catalog entries whose
// id is the hash of the Chinese text. In English the text is hashed and looked up; a message the
// catalog does not hold (or one with values filled in) stays as the server wrote it. The hashing
// loads with the English catalog, so a Chinese session downloads nothing for it.
import { i18n } from '@lingui/core'

let idOf: ((text: string) => string) | null = null

/** Loads the message hashing; activateLocale calls it with the English catalog. */
export async function loadServerMessageIds(): Promise<void> {
  idOf ??= (await import('@lingui/message-utils/generateMessageId')).generateMessageId
}

/**
 * `text` in the UI language: one message, several joined by "; " (a form's errors), or a message
 * followed by ": " and a value (an import row's error and its cell).
 */
export function localMessage(text: string): string {
  const hash = idOf
  if (!hash || i18n.locale === 'zh' || !text) return text
  const catalog = i18n.messages
  const known = (message: string) => {
    const id = hash(message)
    return catalog[id] ? i18n._(id) : null
  }
  return text
    .split('; ')
    .map((part) => {
      const whole = known(part)
      if (whole !== null) return whole
      // "message: value", as an import row's error quotes its cell.
      const colon = part.indexOf(': ')
      const head = colon > 0 ? known(part.slice(0, colon)) : null
      return head === null ? part : head + part.slice(colon)
    })
    .join('; ')
}
