// KOL quotations (/kol/quotation): the engine over cooperation info with a "negotiate" action
// (button kol_quotation_nego) recording the next round through the outbox; rounds still on the
// device show with their pending marker (docs/offline.md R24).
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconMessageDollar } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { usePendingSlots } from '@/crud/pending'
import { kolQuotation, NEGO_BUTTON } from './kol-screens-defs'
import { NegoDialog } from './nego-dialog'

export default function QuotationScreen() {
  const pending = usePendingSlots(kolQuotation)
  const canNego = useSession((s) => s.permission[NEGO_BUTTON] === true)
  const [quote, setQuote] = useState<Row | null>(null)
  return (
    <>
      <CrudScreen
        entity={kolQuotation}
        slots={{
          ...pending,
          rowActions: canNego
            ? (row) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconMessageDollar size={14} />}
                  onClick={() => setQuote(row)}
                >
                  <Trans>议价</Trans>
                </Button>
              )
            : undefined,
        }}
      />
      {quote && <NegoDialog quote={quote} onClose={() => setQuote(null)} />}
    </>
  )
}
