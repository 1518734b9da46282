// Import a bank statement into a statement: the given one, or one chosen first (the details
// screen). The import dialog is the engine's, over the bank line declaration; the statement goes
// with the file. Shown to holders of the details' import button.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Select, Stack } from '@mantine/core'
import { IconBuildingBank } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useSession } from '@/api/session'
import { useFieldOptions } from '@/crud/dict-options'
import { reconciliationBankLine } from '@/domain/reconciliation/bank-line'
import { reconciliationDetail } from '@/domain/reconciliation/reconciliation-detail'
import { reconciliationStatement } from '@/domain/reconciliation/reconciliation-statement'
import { refreshAfterWrite } from '@/crud/refresh'

const ImportDialog = lazy(() =>
  import('@/crud/import/import-dialog').then((m) => ({ default: m.ImportDialog })),
)
const STATEMENT_FIELD = reconciliationDetail.fields.find((f) => f.name === 'statementId')!

function StatementPicker({
  onPick,
  onClose,
}: {
  onPick: (id: string) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const { options, loading } = useFieldOptions(STATEMENT_FIELD)
  const [value, setValue] = useState<string | null>(null)
  return (
    <Modal opened onClose={onClose} title={t`导入银行流水`} centered>
      <Stack>
        <Select
          label={t`对账单`}
          placeholder={t`请选择对账单`}
          data={options}
          value={value}
          onChange={setValue}
          searchable
          disabled={loading}
          nothingFoundMessage={t`暂无对账单`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button disabled={!value} onClick={() => value && onPick(value)}>
            <Trans>下一步</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

export function BankImportButton({ statementId }: { statementId?: string }) {
  const { t } = useLingui()
  const client = useQueryClient()
  const allowed = useSession(
    (s) => s.permission[`${reconciliationDetail.permission}_import`] === true,
  )
  const [step, setStep] = useState<
    { kind: 'pick' } | { kind: 'import'; statementId: string } | null
  >(null)
  if (!allowed) return null
  const refresh = () => {
    void refreshAfterWrite(client, reconciliationDetail.name)
    void client.invalidateQueries({ queryKey: ['crud', reconciliationStatement.name] })
  }
  return (
    <>
      <Button
        size="sm"
        variant="light"
        leftSection={<IconBuildingBank size={16} />}
        onClick={() => setStep(statementId ? { kind: 'import', statementId } : { kind: 'pick' })}
      >
        {t`导入银行流水`}
      </Button>
      {step?.kind === 'pick' && (
        <StatementPicker
          onPick={(id) => setStep({ kind: 'import', statementId: id })}
          onClose={() => setStep(null)}
        />
      )}
      {step?.kind === 'import' && (
        <Suspense fallback={null}>
          <ImportDialog
            def={reconciliationBankLine}
            fields={{ statementId: step.statementId }}
            onImported={refresh}
            onClose={() => setStep(null)}
          />
        </Suspense>
      )}
    </>
  )
}
