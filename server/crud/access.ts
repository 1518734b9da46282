// Which buttons guard the writes of a declared entity: `<prefix>_add|_edit|_delete`, where the
// prefix is the declaration's writePermission (count lines are written by whoever may edit stock
// counts) or else its permission; a module may name other buttons (a KOL follow-up button).
import type { EntityDef } from '../../src/domain/entity.ts'
import { PLATFORM, type Access } from '../core/access.ts'
import type { CrudOptions } from './options.ts'

const writePrefix = (def: EntityDef): string => def.writePermission ?? def.permission

/** The buttons any one of which allows a create ('add') or an update ('edit'). */
export function writeButtonsFor(
  def: EntityDef,
  opts: Pick<CrudOptions, 'writeButtons' | 'writeAlso' | 'editAlso'>,
  mode: 'add' | 'edit' | 'delete',
): string[] {
  if (opts.writeButtons && mode !== 'delete') return opts.writeButtons
  const codes = [writePrefix(def), ...(opts.writeAlso ?? [])].map((p) => `${p}_${mode}`)
  return mode === 'edit' ? [...codes, ...(opts.editAlso ?? [])] : codes
}

/**
 * Rows every tenant shares (entities not scoped to a tenant) are written only by the platform
 * tenant's administrator, whatever buttons another tenant's roles hold.
 */
export function platformGuarded(def: Pick<EntityDef, 'tenant'>, access: Access): Access {
  return def.tenant ? access : PLATFORM
}
