// KOL list (/kol/kol): the engine over the KOL file API with a "follow up" action (button
// kol_follow) logging a contact through the outbox; KOL edits and follow-ups still on the device
// show with their pending marker (docs/offline.md R24).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Modal } from '@mantine/core'
import { IconMessageCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { usePendingSlots } from '@/crud/pending'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { kolFollowUp } from '@/domain/kol/kol-follow-up'
import { usePendingFor } from '@/offline/outbox'
import { ContactForm } from './contact-form'
import { applyFollowUps } from './kol-overlay'
import { useKolRefreshOnFollowUp } from './kol-queries'
import { FOLLOW_BUTTON, kolList } from './kol-screens-defs'

export default function KolListScreen() {
  const { t } = useLingui()
  const pending = usePendingSlots(kolList)
  const followUps = usePendingFor(kolFollowUp.name)
  useKolRefreshOnFollowUp()
  const canFollow = useSession((s) => s.permission[FOLLOW_BUTTON] === true)
  const [following, setFollowing] = useState<Row | null>(null)
  const [typed, setTyped] = useState(false)
  const close = () => {
    setFollowing(null)
    setTyped(false)
  }
  const guard = useDirtyGuard(typed, close)
  return (
    <>
      <CrudScreen
        entity={kolList}
        slots={{
          ...pending,
          mapRows: (rows, ctx) => applyFollowUps(pending.mapRows(rows, ctx), followUps),
          rowActions: canFollow
            ? (row) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconMessageCircle size={14} />}
                  onClick={() => setFollowing(row)}
                >
                  <Trans>跟进</Trans>
                </Button>
              )
            : undefined,
        }}
      />
      {following && (
        <Modal
          opened
          onClose={guard.requestClose}
          title={t`跟进 ${String(following.kolName || following.tkUserName || '')}`}
          centered
        >
          <ContactForm
            kolId={String(following.id)}
            initialStatus={following.contactStatus ? String(following.contactStatus) : undefined}
            onSaved={close}
            onDirty={setTyped}
          />
        </Modal>
      )}
      {guard.dialog}
    </>
  )
}
