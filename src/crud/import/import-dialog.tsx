// The import dialog of a declared entity with an `import` spec: choose a file (xlsx/csv, or drop
// it) → preview of the column mapping and the first rows → import with a progress bar (the upload,
// then the server's progress, polled) → the counts, or the row errors with their xlsx download.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import {
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core'
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type DragEvent } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import type { EntityDef } from '@/domain/entity'
import {
  downloadErrors,
  downloadTemplate,
  importProgress,
  newImportId,
  uploadImport,
  type ImportPreview as Preview,
  type ImportProgress,
  type ImportRefusal,
  type ImportResult,
  type ImportRowError,
} from './import-api'
import { ImportCounts, ImportErrors } from './import-outcome'
import { ImportPreview } from './import-preview'
import { usePhone } from '../use-phone'
import { refreshAfterWrite } from '../refresh'

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'previewing'; file: File }
  | { kind: 'preview'; file: File; preview: Preview }
  | { kind: 'importing'; file: File; importId: string; sent: number; server: ImportProgress | null }
  | { kind: 'done'; result: ImportResult }
  | { kind: 'failed'; message: string; errors: ImportRowError[]; count: number; importId?: string }

const SHEET = /\.(xlsx|csv)$/i

function refusalOf(err: unknown, fallback: string): Extract<Step, { kind: 'failed' }> {
  const data = (err instanceof BladeHttpError ? err.data : null) as ImportRefusal | null
  const errors = data?.errors ?? []
  return {
    kind: 'failed',
    message: err instanceof BladeHttpError && err.code ? err.msg : fallback,
    errors,
    count: data?.errorCount ?? errors.length,
    importId: data?.importId,
  }
}

function ImportBar({ step }: { step: Extract<Step, { kind: 'importing' }> }) {
  const { t } = useT()
  const s = step.server
  // The server records progress once the whole file is up: before that, the upload is what moves.
  if (!s || s.phase === 'read') {
    const value = Math.round(step.sent * 100)
    const processed = s?.processed ?? 0
    return (
      <Stack gap={4}>
        <Progress value={s ? 100 : value} animated={!!s} aria-label={t`导入进度`} />
        <Text size="sm" role="status">
          {s ? (
            <Trans>正在检查文件… 已读取 {processed} 行</Trans>
          ) : (
            <Trans>正在上传… {value}%</Trans>
          )}
        </Text>
      </Stack>
    )
  }
  const percent = s.total ? Math.round((s.processed / s.total) * 100) : 0
  const { processed, total } = s
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t`导入进度`} />
      <Text size="sm" role="status">
        <Trans>
          正在写入… {processed} / {total} 行
        </Trans>
      </Text>
    </Stack>
  )
}

/**
 * fields: values sent with the file (the import spec's `given`, e.g. the statement bank lines go
 * into); onImported: after a successful import (lists other than the entity's own to refresh).
 */
export function ImportDialog({
  def,
  onClose,
  fields,
  onImported,
}: {
  def: EntityDef
  onClose: () => void
  fields?: Record<string, string>
  onImported?: () => void
}) {
  const { i18n } = useLingui()
  const { t } = useT()
  const client = useQueryClient()
  const title = i18n._(def.title)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [dragging, setDragging] = useState(false)
  // Phones: the whole screen (the preview table scrolls inside), as the list's cards take it.
  const phone = usePhone()

  const choose = async (file: File | null) => {
    if (!file) return
    if (!SHEET.test(file.name))
      return setStep({ kind: 'choose', problem: t`请选择 .xlsx 或 .csv 文件` })
    setStep({ kind: 'previewing', file })
    try {
      setStep({
        kind: 'preview',
        file,
        preview: await uploadImport<Preview>(def, file, { preview: true, fields }),
      })
    } catch (err) {
      logger.error(`crud-import-preview:${def.name}`, err)
      setStep(refusalOf(err, t`无法读取该文件`))
    }
  }
  const start = async (file: File) => {
    const importId = newImportId()
    setStep({ kind: 'importing', file, importId, sent: 0, server: null })
    try {
      const onUpload = (sent: number) =>
        setStep((s) => (s.kind === 'importing' ? { ...s, sent } : s))
      const result = await uploadImport<ImportResult>(def, file, { importId, fields, onUpload })
      setStep({ kind: 'done', result })
      void refreshAfterWrite(client, def.name)
      onImported?.()
    } catch (err) {
      logger.error(`crud-import:${def.name}`, err)
      setStep(refusalOf(err, t`导入失败`))
    }
  }
  // The server's progress while it checks and writes (the answer ends the import).
  const polling = step.kind === 'importing' ? step.importId : null
  useEffect(() => {
    if (!polling) return
    const timer = setInterval(() => {
      importProgress(def, polling)
        .then((server) =>
          setStep((s) => (s.kind === 'importing' && s.importId === polling ? { ...s, server } : s)),
        )
        .catch(() => undefined)
    }, 700)
    return () => clearInterval(timer)
  }, [def, polling])

  const drop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    void choose(e.dataTransfer.files[0] ?? null)
  }
  const busy = step.kind === 'previewing' || step.kind === 'importing'
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={t`导入${title}`}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      <Stack>
        {(step.kind === 'choose' || step.kind === 'previewing') && (
          <Paper
            withBorder
            p="xl"
            radius="md"
            style={{
              borderStyle: 'dashed',
              borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
            }}
            onDragOver={(e) => (e.preventDefault(), setDragging(true))}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <Stack align="center" gap="xs">
              <IconFileSpreadsheet size={40} stroke={1.2} />
              <Text size="sm">
                <Trans>将 .xlsx 或 .csv 文件拖到这里，或</Trans>
              </Text>
              <FileButton
                onChange={(f) => void choose(f)}
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              >
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconUpload size={16} />}
                    loading={step.kind === 'previewing'}
                  >
                    <Trans>选择文件</Trans>
                  </Button>
                )}
              </FileButton>
              {step.kind === 'choose' && step.problem && (
                <Text size="sm" c="red" role="alert">
                  {step.problem}
                </Text>
              )}
            </Stack>
          </Paper>
        )}
        {step.kind === 'preview' && <ImportPreview def={def} preview={step.preview} />}
        {step.kind === 'importing' && <ImportBar step={step} />}
        {step.kind === 'done' && <ImportCounts result={step.result} />}
        {step.kind === 'failed' && (
          <ImportErrors
            message={step.message}
            errors={step.errors}
            count={step.count}
            onDownload={
              step.importId && step.errors.length
                ? () => void downloadErrors(def, step.importId!, t`${title}导入错误`)
                : undefined
            }
          />
        )}
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void downloadTemplate(def, t`${title}导入模板`)}
          >
            <Trans>下载导入模板</Trans>
          </Anchor>
          <Group gap="xs">
            {(step.kind === 'preview' || step.kind === 'failed') && (
              <Button variant="default" onClick={() => setStep({ kind: 'choose' })}>
                <Trans>重新选择</Trans>
              </Button>
            )}
            {step.kind === 'preview' && (
              <Button
                onClick={() => void start(step.file)}
                disabled={step.preview.missing.length > 0}
              >
                <Trans>开始导入</Trans>
              </Button>
            )}
            {!busy && (
              <Button variant={step.kind === 'done' ? 'filled' : 'default'} onClick={onClose}>
                {step.kind === 'done' ? <Trans>完成</Trans> : <Trans>关闭</Trans>}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  )
}
