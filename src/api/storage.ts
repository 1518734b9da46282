// Browser storage (docs/product.md §9): keys carry the site prefix and values are kept as
// {dataType, content, datetime}; session storage when a type is given, otherwise local storage.
export const KEY_PREFIX = 'saber-'

type StoreKind = 'session' | undefined

interface StoredValue {
  dataType: string
  content: unknown
  datetime: number
}

const area = (type: StoreKind): Storage => (type ? window.sessionStorage : window.localStorage)

/** A value as stored: {dataType, content, datetime}, as text. */
export function storedValue(content: unknown): string {
  const value: StoredValue = { dataType: typeof content, content, datetime: Date.now() }
  return JSON.stringify(value)
}

export function setStore(params: { name: string; content: unknown; type?: 'session' }): void {
  area(params.type).setItem(KEY_PREFIX + params.name, storedValue(params.content))
}

/** The stored content, or undefined. With debug, the whole {dataType, content, datetime} record. */
export function getStore<T = unknown>(params: { name: string; debug?: boolean }): T | undefined {
  const key = KEY_PREFIX + params.name
  const raw = window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key)
  if (raw === null) return undefined
  let value: StoredValue
  try {
    value = JSON.parse(raw) as StoredValue
  } catch {
    return undefined
  }
  if (params.debug) return value as T
  return value.content as T
}

export function removeStore(params: { name: string; type?: 'session' }): void {
  area(params.type).removeItem(KEY_PREFIX + params.name)
}

/** Removes every prefixed entry (of one area, or both). */
export function clearStore(params: { type?: 'session' | 'local' } = {}): void {
  const areas =
    params.type === 'session'
      ? [window.sessionStorage]
      : params.type === 'local'
        ? [window.localStorage]
        : [window.sessionStorage, window.localStorage]
  for (const s of areas) {
    for (const key of Object.keys(s)) if (key.startsWith(KEY_PREFIX)) s.removeItem(key)
  }
}
