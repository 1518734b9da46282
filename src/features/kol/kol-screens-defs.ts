// The KOL list (/kol/kol) and KOL quotations (/kol/quotation) are the kolFile and cooperateInfo
// declarations under their own menu's buttons (kol_*, kol_quotation_*). The name stays, so their
// reads share the cache and a confirmed outbox row refreshes them too.
import type { EntityDef } from '@/domain/entity'
import { cooperateInfo } from '@/domain/kol/cooperate-info'
import { kolFile } from '@/domain/kol/kol-file'

export const kolList: EntityDef = { ...kolFile, permission: 'kol' }
export const kolQuotation: EntityDef = { ...cooperateInfo, permission: 'kol_quotation' }

export const FOLLOW_BUTTON = 'kol_follow'
export const NEGO_BUTTON = 'kol_quotation_nego'
