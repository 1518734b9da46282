// KOL outreach: the generic endpoints of kolFile, kolFollowUp and cooperateInfo with
// their server-side rules (hooks), and the KOL picker.
import { cooperateInfo } from '../../../src/domain/kol/cooperate-info.ts'
import { kolFile } from '../../../src/domain/kol/kol-file.ts'
import { kolFollowUp } from '../../../src/domain/kol/kol-follow-up.ts'
import type { Access } from '../../core/access.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import { pickerRoute } from '../../crud/picker.ts'
import type { Module } from '../../core/routes.ts'
import { applyFollowUp, fullDateTime, requireKol } from './kol-effects.ts'

/** Both KOL menus show KOLs: `kol_file` (this declaration) and `kol` (the KOL list screen). */
const readKol: Access = { kind: 'anyButton', codes: [kolFile.permission, 'kol'] }
const readQuotation: Access = {
  kind: 'anyButton',
  codes: [cooperateInfo.permission, 'kol_quotation'],
}

/** The tenant a written row belongs to (existing: its own; new: the caller's, or the admin's choice). */
const rowTenant = ({ user, existing, input }: WriteContext) =>
  existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })

/** The KOL a written row points at must be live and of the row's tenant. */
const kolMustExist = async (w: WriteContext) => {
  await requireKol(w.trx, rowTenant(w), 'kol_id' in w.values ? w.values.kol_id : w.existing?.kolId)
}

export const kolCrud: Record<string, CrudOptions> = {
  [kolFile.name]: {
    readAccess: readKol,
    // The KOL list screen (menu `kol`) writes the same records with its own buttons.
    writeAlso: ['kol'],
    beforeWrite: ({ values, existing }) => {
      // Every KOL starts at 'created'; follow-ups and edits move it later.
      if (!existing) values.contact_status = 'created'
    },
  },
  [kolFollowUp.name]: {
    routes: ['list', 'page', 'detail', 'submit', 'remove', 'export'],
    readAccess: { kind: 'anyButton', codes: [kolFollowUp.permission, kolFile.permission] },
    // Follow-ups are written from the KOL list by whoever may add or edit KOLs there, or has its follow button.
    writeButtons: ['kol_add', 'kol_edit', 'kol_follow'],
    beforeWrite: async (w) => {
      await kolMustExist(w)
      for (const column of ['contact_time', 'next_contact_time', 'response_deadline'])
        if (column in w.values) w.values[column] = fullDateTime(w.values[column])
    },
    afterWrite: async ({ trx, user, row }) => {
      await applyFollowUp(trx, row, user.userId)
    },
  },
  [cooperateInfo.name]: {
    readAccess: readQuotation,
    // The quotation screen (menu `kol_quotation`) writes them too; its negotiate button records a round.
    writeAlso: ['kol_quotation'],
    editAlso: ['kol_quotation_nego'],
    beforeWrite: kolMustExist,
  },
}

export const kolModule: Module = (ctx) => [
  // The KOLs of the caller's tenant for pickers; kolName falls back to the TikTok id so that every
  // option has a label.
  pickerRoute(ctx, {
    url: `${kolFile.api}/select`,
    access: {
      kind: 'anyButton',
      codes: [kolFile.permission, 'kol', cooperateInfo.permission, 'kol_quotation'],
    },
    table: kolFile.table,
    columns: ['id', 'kol_name', 'tk_user_name', 'contact_status'],
    orderBy: [
      ['create_time', 'desc'],
      ['id', 'desc'],
    ],
    map: (r) => ({ ...r, kolName: r.kolName || r.tkUserName }),
  }),
]
