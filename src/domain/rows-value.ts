// Reading a 'rows' field's value (its sub-records), apart from the validation (validate.ts): list
// cells show sub-records, and a list screen need not load the form's validation to show them.

/** The sub-records of a 'rows' field: an array, or JSON text of one (as stored and as some clients send). */
export function rowsOf(value: unknown): Record<string, unknown>[] | null {
  let v = value
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      return null
    }
  }
  if (
    !Array.isArray(v) ||
    !v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))
  )
    return null
  return v as Record<string, unknown>[]
}
