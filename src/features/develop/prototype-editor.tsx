// 模型配置 of one data model, full screen: the grid of its columns, saved as one list. Each row is
// checked by the declaration before sending; a list read before someone else saved the columns is
// refused (409) and offers to load theirs; closing with unsaved edits asks first.
import { useLingui as useI18n } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import { renderMessage } from '@/crud/message'
import { QueryStatus } from '@/crud/query-status'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { modelPrototype } from '@/domain/develop/model-prototype'
import { validateRecord } from '@/domain/validate'
import {
  prototypeKey,
  savePrototypes,
  useDictionaries,
  usePrototypes,
  type Prototype,
} from './prototype-api'
import { PrototypeConflict } from './prototype-conflict'
import { cellId, PrototypeGrid, type CellChange, type Flag } from './prototype-grid'

type Errors = Record<number, Record<string, string>>

export function PrototypeEditor({
  modelId,
  modelName,
  onClose,
}: {
  modelId: string
  modelName: string
  onClose: () => void
}) {
  const { t } = useLingui()
  const { i18n } = useI18n()
  const client = useQueryClient()
  const query = usePrototypes(modelId)
  const dictionaries = useDictionaries()
  // The user's edits over what the server answered; null until the first change.
  const [edits, setEdits] = useState<Prototype[] | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [conflict, setConflict] = useState(false)
  const rows = useMemo(() => edits ?? query.data ?? [], [edits, query.data])
  const dirty = useMemo(
    () => edits !== null && JSON.stringify(edits) !== JSON.stringify(query.data),
    [edits, query.data],
  )
  const guard = useDirtyGuard(dirty, onClose)

  const onChange: CellChange = useCallback(
    (index, name, value) => {
      setEdits((current) =>
        (current ?? query.data ?? []).map((r, i) => (i === index ? { ...r, [name]: value } : r)),
      )
      setErrors((e) => {
        if (!e[index]?.[name]) return e
        const { [name]: _gone, ...rest } = e[index]
        return { ...e, [index]: rest }
      })
    },
    [query.data],
  )

  const onFlagAll = useCallback(
    (field: Flag, value: number) =>
      setEdits((current) => (current ?? query.data ?? []).map((r) => ({ ...r, [field]: value }))),
    [query.data],
  )

  const validate = (): Errors => {
    const found: Errors = {}
    rows.forEach((r, i) => {
      for (const e of validateRecord(modelPrototype, r, r.id ? 'edit' : 'add'))
        (found[i] ??= {})[e.field] = renderMessage(i18n, e.message)
    })
    return found
  }

  const reload = () => {
    setConflict(false)
    setEdits(null)
    setErrors({})
    void query.refetch()
  }

  const save = async () => {
    const found = validate()
    setErrors(found)
    const first = Object.entries(found)[0]
    if (first) {
      document.getElementById(cellId(Number(first[0]), Object.keys(first[1])[0]!))?.focus()
      return
    }
    setBusy(true)
    try {
      const saved = await savePrototypes(rows)
      client.setQueryData(prototypeKey(modelId), saved)
      setEdits(null)
      notifications.show({ color: 'green', message: t`保存成功` })
    } catch (err) {
      if (err instanceof BladeHttpError && err.code === 409) setConflict(true)
      else logger.error('model-prototype-submit', err)
    } finally {
      setBusy(false)
    }
  }

  const invalid = Object.values(errors).reduce((n, e) => n + Object.keys(e).length, 0)
  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        fullScreen
        title={`${t`模型配置`} · ${modelName}`}
        styles={{ body: { paddingBottom: 0 } }}
      >
        <Stack gap="sm">
          <QueryStatus query={query} failed={t`字段配置加载失败`} />
          {query.isSuccess && !rows.length && (
            <Text c="dimmed" py="xl" ta="center">
              <Trans>该数据表没有字段</Trans>
            </Text>
          )}
          {invalid > 0 && (
            <Alert color="red" role="alert">
              {t`有 ${invalid} 处需要修改`}
            </Alert>
          )}
          {rows.length > 0 && (
            <PrototypeGrid
              rows={rows}
              errors={errors}
              caption={t`${modelName} 的字段配置`}
              dictionaries={dictionaries.data ?? []}
              onChange={onChange}
              onFlagAll={onFlagAll}
            />
          )}
          <Group
            justify="flex-end"
            py="sm"
            pos="sticky"
            bottom={0}
            bg="var(--mantine-color-body)"
            style={{ zIndex: 3 }}
          >
            <Button variant="default" onClick={guard.requestClose}>
              <Trans>取消</Trans>
            </Button>
            <Button loading={busy} disabled={!rows.length} onClick={() => void save()}>
              <Trans>保存</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      {guard.dialog}
      {conflict && <PrototypeConflict onReload={reload} onCancel={() => setConflict(false)} />}
    </>
  )
}
