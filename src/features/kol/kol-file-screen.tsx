// KOL file (/kol/kol-file): the generic list; KOL edits still on the device show pending (docs/offline.md R24).
import { CrudScreen } from '@/crud/crud-screen'
import { usePendingSlots } from '@/crud/pending'
import { kolFile } from '@/domain/kol/kol-file'

export default function KolFileScreen() {
  return <CrudScreen entity={kolFile} slots={usePendingSlots(kolFile)} />
}
