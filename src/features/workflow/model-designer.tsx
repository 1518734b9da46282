// 模型设计's designer, full screen: the model's key, name and description, the bpmn-js canvas and the
// element panel. Saving sends the XML with the version read; a model saved meanwhile by someone else
// is refused (409) and offers to load theirs; closing with unsaved changes asks first. A phone shows
// the model read-only and says that editing needs a wider screen.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Loader, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useRef, useState } from 'react'
import { BladeHttpError } from '@/api/http'
import { logger } from '@/api/logger'
import { QueryStatus } from '@/crud/query-status'
import { refreshAfterWrite } from '@/crud/refresh'
import { useDirtyGuard } from '@/crud/form/use-dirty-guard'
import { usePhone } from '@/crud/use-phone'
import type { FlowModel } from '@/domain/workflow/flow-records'
import type { CanvasHandle } from './canvas-types'
import { DefinitionView } from './definition-view'
import { flowModel } from './flow-lists'
import { choiceQueries, modelApi } from './model-api'
import { ModelConflict } from './model-conflict'
import { modelFieldRules, type ModelFields } from './model-fields'
import { newDiagram } from './new-diagram'
import { useLingui as useI18n } from '@lingui/react'

const BpmnCanvas = lazy(() => import('./bpmn-canvas'))

/** `id` null: a new model. */
export function ModelDesigner({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useLingui()
  const detail = useQuery({ ...modelApi.detail(id ?? ''), enabled: id !== null })
  const title = id ? t`修改流程模型` : t`新增流程模型`
  if (id !== null && !detail.isSuccess) {
    return (
      <Modal opened onClose={onClose} fullScreen title={title}>
        <QueryStatus query={detail} failed={t`流程模型加载失败`} />
      </Modal>
    )
  }
  // A reload (after a conflict) starts the designer again from what the server answered.
  return (
    <Designer
      key={detail.dataUpdatedAt}
      model={id === null ? null : (detail.data ?? null)}
      title={title}
      onClose={onClose}
      onReload={() => void detail.refetch()}
    />
  )
}

function Designer({
  model,
  title,
  onClose,
  onReload,
}: {
  model: FlowModel | null
  title: string
  onClose: () => void
  onReload: () => void
}) {
  const { t } = useLingui()
  const { i18n } = useI18n()
  const client = useQueryClient()
  const phone = usePhone()
  const initial: ModelFields = {
    modelKey: model?.modelKey ?? '',
    name: model?.name ?? '',
    description: model?.description ?? '',
  }
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof ModelFields, string>>>({})
  const [canvasDirty, setCanvasDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  const [conflict, setConflict] = useState(false)
  const [failed, setFailed] = useState(false)
  const handle = useRef<CanvasHandle | null>(null)
  const [ready, setReady] = useState(false)
  const [xml] = useState(() => model?.xml || newDiagram({ start: t`开始`, end: t`结束` }))
  const users = useQuery({ ...choiceQueries.users(), enabled: !phone })
  const roles = useQuery({ ...choiceQueries.roleAliases(), enabled: !phone })
  const dirty =
    canvasDirty ||
    (Object.keys(initial) as (keyof ModelFields)[]).some((k) => values[k] !== initial[k])
  const guard = useDirtyGuard(dirty, onClose)
  const rules = modelFieldRules(i18n)

  const field = (name: keyof ModelFields) => ({
    value: values[name],
    error: errors[name],
    readOnly: phone,
    onChange: (e: { currentTarget: { value: string } }) => {
      const v = e.currentTarget.value
      setValues((old) => ({ ...old, [name]: v }))
      if (errors[name]) setErrors((old) => ({ ...old, [name]: rules[name](v) ?? undefined }))
    },
    onBlur: () => setErrors((old) => ({ ...old, [name]: rules[name](values[name]) ?? undefined })),
  })

  const save = async () => {
    const found = Object.fromEntries(
      (Object.keys(rules) as (keyof ModelFields)[]).flatMap((k) =>
        rules[k](values[k]) ? [[k, rules[k](values[k])]] : [],
      ),
    )
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) return document.getElementById(`flow-model-${first}`)?.focus()
    if (!handle.current) return
    setBusy(true)
    try {
      const modelKey = values.modelKey.trim()
      const name = values.name.trim()
      const saved = await handle.current.save({ id: modelKey, name })
      await modelApi.submit({
        ...(model ? { id: model.id, version: model.version } : {}),
        modelKey,
        name,
        description: values.description.trim(),
        xml: saved,
      })
      notifications.show({ color: 'green', message: t`流程模型已保存` })
      void refreshAfterWrite(client, flowModel.name)
      onClose()
    } catch (err) {
      if (err instanceof BladeHttpError && err.code === 409) setConflict(true)
      else logger.error('flow-model-submit', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        fullScreen
        title={model ? `${title} · ${model.name}` : title}
      >
        <Stack gap="sm" h="calc(100dvh - 90px)">
          {phone && (
            <Alert color="blue" role="status">
              <Trans>编辑流程模型需要更宽的屏幕（平板或电脑），这里只能查看。</Trans>
            </Alert>
          )}
          <Group grow align="start" wrap={phone ? 'wrap' : 'nowrap'}>
            <TextInput
              id="flow-model-modelKey"
              label={t`模型标识`}
              description={t`即流程标识，部署后用来发起流程`}
              withAsterisk
              {...field('modelKey')}
            />
            <TextInput id="flow-model-name" label={t`模型名称`} withAsterisk {...field('name')} />
            <Textarea
              id="flow-model-description"
              label={t`模型描述`}
              autosize
              minRows={1}
              maxRows={3}
              {...field('description')}
            />
          </Group>
          {failed && (
            <Alert color="red" role="alert">
              <Trans>该模型的 XML 无法显示，不能在此编辑。</Trans>
            </Alert>
          )}
          <div style={{ flex: 1, minHeight: 0 }}>
            {phone ? (
              <DefinitionView xml={xml} height="100%" />
            ) : (
              <Suspense fallback={<Loader size="sm" />}>
                <BpmnCanvas
                  xml={xml}
                  users={users.data ?? []}
                  roles={roles.data ?? []}
                  onChange={() => setCanvasDirty(true)}
                  onReady={(h) => {
                    handle.current = h
                    setReady(true)
                  }}
                  onError={(err) => {
                    setFailed(true)
                    logger.error('flow-model-import', err)
                  }}
                />
              </Suspense>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={guard.requestClose}>
              {phone ? <Trans>关闭</Trans> : <Trans>取消</Trans>}
            </Button>
            {!phone && (
              <Button loading={busy} disabled={!ready} onClick={() => void save()}>
                <Trans>保存</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      {guard.dialog}
      {conflict && (
        <ModelConflict
          onCancel={() => setConflict(false)}
          onReload={() => {
            setConflict(false)
            onReload()
          }}
        />
      )}
    </>
  )
}
