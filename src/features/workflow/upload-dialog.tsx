// 上传部署: one or more BPMN files deployed under a category. Each file is checked for its ending
// and size before anything is sent; the upload shows its progress. The platform administrator may
// deploy into chosen tenants; everyone else deploys into their own tenant (no tenantIds sent).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  FileInput,
  Group,
  List,
  Modal,
  MultiSelect,
  Progress,
  Select,
  Stack,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { useFieldOptions } from '@/crud/dict-options'
import { refreshAfterWrite } from '@/crud/refresh'
import { DEPLOY_FILE_MAX_BYTES, isDeployFileName } from '@/domain/workflow/flow-model-rules'
import { CATEGORY_FIELD, flowProcess } from './flow-lists'
import { choiceQueries, modelApi } from './model-api'

/** The platform's own tenant; its administrator deploys for any tenant (as the server's isAdministrator). */
const PLATFORM_TENANT = '000000'
const MAX_MB = DEPLOY_FILE_MAX_BYTES / 1024 / 1024

export function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const client = useQueryClient()
  const platformAdmin = useSession(
    (s) => s.tenantId === PLATFORM_TENANT && s.roles.includes('administrator'),
  )
  const categories = useFieldOptions(CATEGORY_FIELD)
  const tenants = useQuery({ ...choiceQueries.tenants(), enabled: platformAdmin })
  const [category, setCategory] = useState<string | null>(null)
  const [tenantIds, setTenantIds] = useState<string[]>([])
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<{ category?: string; files?: string }>({})
  const [progress, setProgress] = useState<number | null>(null)

  const fileProblems = files.flatMap((f) => [
    ...(isDeployFileName(f.name) ? [] : [t`${f.name}：只能上传 .bpmn 或 .bpmn20.xml 文件`]),
    ...(f.size > DEPLOY_FILE_MAX_BYTES ? [t`${f.name}：文件超过 ${MAX_MB} MB`] : []),
  ])

  const upload = async () => {
    const found = {
      category: category ? undefined : t`请选择流程分类`,
      files: files.length ? undefined : t`请选择要部署的文件`,
    }
    setErrors(found)
    if (!category || !files.length || fileProblems.length) return
    setProgress(0)
    try {
      await modelApi.deployUpload(
        { category, tenantIds: platformAdmin ? tenantIds : undefined },
        files,
        setProgress,
      )
      notifications.show({ color: 'green', message: t`已部署 ${files.length} 个流程文件` })
      void refreshAfterWrite(client, flowProcess.name)
      onClose()
    } catch (err) {
      logger.error('flow-deploy-upload', err)
      setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={t`上传部署`} size="md">
      <Stack gap="sm">
        <Select
          label={t`流程分类`}
          withAsterisk
          data={categories.options}
          value={category}
          onChange={setCategory}
          error={errors.category}
          disabled={categories.loading || busy}
          data-autofocus
        />
        {platformAdmin && (
          <MultiSelect
            label={t`所属租户`}
            description={t`不选则部署到本租户`}
            data={(tenants.data ?? []).map((x) => ({
              value: x.tenantId,
              label: `${x.tenantName} (${x.tenantId})`,
            }))}
            value={tenantIds}
            onChange={setTenantIds}
            searchable
            clearable
            disabled={busy}
          />
        )}
        <FileInput
          label={t`流程文件`}
          description={t`.bpmn 或 .bpmn20.xml，每个不超过 ${MAX_MB} MB`}
          withAsterisk
          multiple
          clearable
          clearButtonProps={{ 'aria-label': t`清除所选文件` }}
          accept=".bpmn,.xml"
          value={files}
          onChange={(v) => {
            setFiles(v)
            setErrors((e) => ({ ...e, files: undefined }))
          }}
          error={
            errors.files ??
            (fileProblems.length ? t`有 ${fileProblems.length} 个文件不能部署` : undefined)
          }
          disabled={busy}
        />
        {fileProblems.length > 0 && (
          <div role="alert">
            <List size="sm" c="red">
              {fileProblems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </div>
        )}
        {busy && <Progress value={Math.round(progress * 100)} aria-label={t`上传进度`} animated />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>取消</Trans>
          </Button>
          <Button loading={busy} onClick={() => void upload()}>
            <Trans>部署</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
