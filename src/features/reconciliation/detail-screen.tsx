// Reconciliation details (/reconciliation/detail): the generic list, amounts in their currency, and
// the bank statement import into a chosen statement. A detail's write changes its statement's
// totals on the server, so the statements' cached lists are refreshed after it too.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import { reconciliationDetail } from '@/domain/reconciliation/reconciliation-detail'
import { reconciliationStatement } from '@/domain/reconciliation/reconciliation-statement'
import { BankImportButton } from './bank-import-button'
import { detailCells } from './detail-cells'

export default function DetailScreen() {
  const client = useQueryClient()
  // Leaving the screen: statement totals read later are read again.
  useEffect(
    () => () => void client.invalidateQueries({ queryKey: ['crud', reconciliationStatement.name] }),
    [client],
  )
  return (
    <CrudScreen
      entity={reconciliationDetail}
      slots={{ cells: detailCells, toolbar: () => <BankImportButton /> }}
    />
  )
}
