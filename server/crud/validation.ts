// The one server-side use of the declaration's validators: 400 with their messages.
import type { EntityDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { validateRecord } from '../../src/domain/validate.ts'
import { badRequest } from '../core/envelope.ts'

/** 400 with the declaration's messages when the record is not valid ('edit': only the fields it carries). */
export function assertValid(
  def: EntityDef,
  input: Record<string, unknown>,
  mode: 'add' | 'edit',
): void {
  const errors = validateRecord(def, input, mode)
  if (errors.length) throw badRequest(errors.map((e) => sourceText(e.message)).join('; '))
}
