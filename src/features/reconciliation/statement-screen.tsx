// Reconciliation statements (/reconciliation/statement): the generic list of statements with their
// totals; the view opens the statement with its details (statement-view.tsx).
import { lazy } from 'react'
import { CrudScreen } from '@/crud/crud-screen'
import { reconciliationStatement } from '@/domain/reconciliation/reconciliation-statement'

const StatementView = lazy(() => import('./statement-view'))

export default function StatementScreen() {
  return (
    <CrudScreen
      entity={reconciliationStatement}
      slots={{ view: (id, onClose) => <StatementView id={id} onClose={onClose} /> }}
    />
  )
}
