// The count a screen URL names (?id=). Read from the raw query: the router parses a bare 19-digit
// id as a number and loses digits; an id the app wrote itself is a quoted JSON string.
export function countIdOf(searchStr: string): string | null {
  const raw = new URLSearchParams(searchStr).get('id')
  const id = raw?.replace(/^"(.*)"$/, '$1') ?? ''
  return /^\d{1,19}$/.test(id) ? id : null
}
