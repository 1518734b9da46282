// A statement's view: its totals and its details (their own list, paged and searchable, where
// details are added, edited, removed and imported from a bank statement). The totals are read under
// the details' query key, so every detail write, which changes them on the server, reloads them.
import { useLingui } from '@lingui/react/macro'
import { Modal } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '@/api/http'
import { CrudScreen } from '@/crud/crud-screen'
import { urlOf, type Row } from '@/crud/entity-api'
import { QueryStatus } from '@/crud/query-status'
import type { EntityDef } from '@/domain/entity'
import { reconciliationDetail } from '@/domain/reconciliation/reconciliation-detail'
import { reconciliationStatement } from '@/domain/reconciliation/reconciliation-statement'
import { BankImportButton } from './bank-import-button'
import { detailCells } from './detail-cells'
import { StatementTotals } from './statement-totals'
import { usePhone } from '@/crud/use-phone'

/** The details as the statement shows them: the statement itself is neither a column nor a filter there. */
const detailsOfStatement: EntityDef = {
  ...reconciliationDetail,
  fields: reconciliationDetail.fields.map((f) =>
    f.name === 'statementId' ? { ...f, list: false, search: undefined } : f,
  ),
}

export default function StatementView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui()
  const client = useQueryClient()
  const phone = usePhone()
  const statement = useQuery({
    queryKey: ['crud', reconciliationDetail.name, 'statement', id],
    queryFn: async () =>
      (await http.get<Row>(urlOf(reconciliationStatement, 'detail'), { id })) ?? {},
  })
  const close = () => {
    // The list shows totals the details here may have changed.
    void client.invalidateQueries({ queryKey: ['crud', reconciliationStatement.name] })
    onClose()
  }
  const date = String(statement.data?.statementDate ?? '')
  return (
    <Modal
      opened
      onClose={close}
      title={`${t`对账单`} ${date}`}
      size="90rem"
      fullScreen={phone}
      data-testid="statement-view"
    >
      {!statement.isSuccess ? (
        <QueryStatus query={statement} failed={t`加载失败`} />
      ) : (
        <>
          <StatementTotals statement={statement.data} />
          <CrudScreen
            entity={detailsOfStatement}
            slots={{
              state: 'local',
              params: { statementId: id },
              cells: detailCells,
              toolbar: () => <BankImportButton statementId={id} />,
            }}
          />
        </>
      )}
    </Modal>
  )
}
