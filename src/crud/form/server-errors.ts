// A save the server refused (400) names fields in its message: the declaration's messages joined by
// "; " (each names its field's label), or Blade's "<field>:<message>". Each part that names a form
// field is shown under that field; the client has already shown the whole message as a toast.
import type { UseFormReturnType } from '@mantine/form'
import { BladeHttpError } from '@/api/client'
import type { FieldDef } from '@/domain/entity'
import { sourceText } from '@/domain/messages'

/** Messages of a refused save by form field name (a rows field's sub-field on the rows field). */
export function serverFieldErrors(err: unknown, fields: FieldDef[]): Record<string, string> {
  if (!(err instanceof BladeHttpError) || err.code !== 400 || !err.msg) return {}
  // Longest labels first: "单价" must not take a message about "单价金额".
  const named = fields
    .flatMap((f) =>
      [f, ...(f.rows ?? [])].map((x) => ({ name: f.name, label: sourceText(x.label) })),
    )
    .sort((a, b) => b.label.length - a.label.length)
  const errors: Record<string, string> = {}
  for (const part of err.msg
    .split(/;\s*/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [, key, rest] = /^(\w+):\s*(.+)$/.exec(part) ?? []
    const byKey = key ? fields.find((f) => f.name === key) : undefined
    const target = byKey?.name ?? named.find((n) => n.label && part.includes(n.label))?.name
    if (target && !errors[target]) errors[target] = byKey ? rest! : part
  }
  return errors
}

/** Puts a refused save's field messages under their fields; true when there was one. */
export function showServerErrors(
  form: Pick<UseFormReturnType<never>, 'errors' | 'setErrors'>,
  err: unknown,
  fields: FieldDef[],
): boolean {
  const onFields = serverFieldErrors(err, fields)
  if (Object.keys(onFields).length === 0) return false
  form.setErrors({ ...form.errors, ...onFields })
  return true
}
