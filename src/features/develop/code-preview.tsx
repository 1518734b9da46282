// 生成代码: the files the module generates, by folder, and the chosen one's code read-only; 下载
// saves them all as a zip. Full screen on a phone, the tree above the code.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Code,
  CopyButton,
  Flex,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core'
import { IconDownload, IconFile, IconFolder } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { logger } from '@/api/logger'
import { usePhone } from '@/crud/use-phone'
import { QueryStatus } from '@/crud/query-status'
import { downloadCode, previewCode } from './code-api'
import { groupByFolder, languageOf } from './file-tree'

const CodeHighlight = lazy(() => import('./code-highlight'))

function Tree({
  paths,
  chosen,
  onChoose,
}: {
  paths: string[]
  chosen: string | undefined
  onChoose: (path: string) => void
}) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`生成的文件`}>
      {groupByFolder(paths).map((g) => (
        <NavLink
          key={g.folder}
          label={g.folder || '/'}
          leftSection={<IconFolder size={16} />}
          defaultOpened
          childrenOffset="sm"
          styles={{ label: { wordBreak: 'break-all' } }}
        >
          {g.files.map((f) => (
            <NavLink
              key={f.path}
              component="button"
              label={f.name}
              leftSection={<IconFile size={14} />}
              active={f.path === chosen}
              aria-current={f.path === chosen ? 'true' : undefined}
              onClick={() => onChoose(f.path)}
            />
          ))}
        </NavLink>
      ))}
    </nav>
  )
}

export function CodePreview({
  id,
  name,
  onClose,
}: {
  id: string
  name: string
  onClose: () => void
}) {
  const { t } = useLingui()
  const phone = usePhone()
  const files = useQuery({
    queryKey: ['develop', 'gen-code', id],
    queryFn: () => previewCode(id),
    staleTime: 0,
    gcTime: 0,
  })
  const [picked, setPicked] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const list = files.data ?? []
  const file = list.find((f) => f.path === picked) ?? list[0]
  const path = file?.path ?? ''

  const save = async () => {
    setDownloading(true)
    try {
      await downloadCode(id, name)
    } catch (err) {
      logger.error('code-gen-download', err)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t`生成代码`} · ${name}`}
      size="90rem"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <QueryStatus query={files} failed={t`代码预览失败`} />
        {files.isSuccess && !list.length && (
          <Text c="dimmed" ta="center" py="xl">
            <Trans>没有可生成的文件</Trans>
          </Text>
        )}
        {file && (
          <Flex direction={phone ? 'column' : 'row'} gap="sm" h={phone ? undefined : '70vh'}>
            <ScrollArea
              w={phone ? undefined : 320}
              mah={phone ? 220 : undefined}
              style={{ flexShrink: 0 }}
            >
              <Tree paths={list.map((f) => f.path)} chosen={file.path} onChoose={setPicked} />
            </ScrollArea>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" ff="monospace" truncate="start" title={file.path}>
                  {file.path}
                </Text>
                <CopyButton value={file.content}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" onClick={copy}>
                      {copied ? <Trans>已复制</Trans> : <Trans>复制代码</Trans>}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <ScrollArea
                role="region"
                aria-label={t`文件内容 ${path}`}
                viewportProps={{ tabIndex: 0 }}
                h={phone ? '60vh' : undefined}
                style={{
                  flex: 1,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 4,
                }}
              >
                <Suspense fallback={<Code block>{file.content}</Code>}>
                  <CodeHighlight code={file.content} language={languageOf(file.path)} />
                </Suspense>
              </ScrollArea>
            </Stack>
          </Flex>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>关闭</Trans>
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            disabled={!list.length}
            onClick={() => void save()}
          >
            <Trans>下载</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
