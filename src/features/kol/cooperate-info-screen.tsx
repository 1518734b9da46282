// Cooperation info (/kol/cooperate-info): the generic list, schedule rows edited with the engine's
// rows editor (the declaration's `detail`); rounds still on the device show pending (docs/offline.md R24).
import { CrudScreen } from '@/crud/crud-screen'
import { usePendingSlots } from '@/crud/pending'
import { cooperateInfo } from '@/domain/kol/cooperate-info'

export default function CooperateInfoScreen() {
  return <CrudScreen entity={cooperateInfo} slots={usePendingSlots(cooperateInfo)} />
}
