// A stable id of this device, stamped on every count line (stock detail `deviceId`), so lines of two
// tablets counting one count stay apart. Kept in localStorage: it survives reloads and logins.
const KEY = 'vn-admin:device-id'

export function deviceId(storage: Storage = localStorage): string {
  const known = storage.getItem(KEY)
  if (known) return known
  // 64 chars fit the column; a UUID is unique enough for devices of one tenant.
  const made = `dev-${crypto.randomUUID()}`
  storage.setItem(KEY, made)
  return made
}
