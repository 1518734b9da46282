// 流程图: pick a running or finished process (from the latest ones, or found by its process
// instance id or business id) and see its diagram with its path marked, and its history.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Card, Group, Select, Stack, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { FlowExecution } from '@/domain/workflow/flow-records'
import { followList } from './flow-api'
import { FlowDiagram } from './flow-diagram'

const labelOf = (e: FlowExecution) =>
  [e.processDefinitionName, e.businessId, e.startUser, e.startTime].filter(Boolean).join(' · ')

export default function FlowDiagramScreen() {
  const { t } = useLingui()
  const latest = useQuery({
    queryKey: ['flow', 'follow-latest'] as const,
    queryFn: () => followList({}),
  })
  const [chosen, setChosen] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [searching, setSearching] = useState(false)
  const [notFound, setNotFound] = useState(false)

  const find = async () => {
    const q = text.trim()
    if (!q) return
    setSearching(true)
    setNotFound(false)
    try {
      const found =
        (await followList({ processInstanceId: q }))[0] ?? (await followList({ businessId: q }))[0]
      if (found) setChosen(found.processInstanceId)
      else setNotFound(true)
    } finally {
      setSearching(false)
    }
  }

  return (
    <Stack>
      <Card withBorder radius={10}>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t`选择流程`}
            placeholder={latest.isError ? t`流程列表加载失败` : t`最近的流程`}
            searchable
            clearable
            w={{ base: '100%', sm: 420 }}
            data={(latest.data ?? []).map((e) => ({
              value: e.processInstanceId,
              label: labelOf(e),
            }))}
            value={chosen}
            onChange={setChosen}
            nothingFoundMessage={t`没有匹配的流程`}
          />
          <form onSubmit={(e) => (e.preventDefault(), void find())} style={{ display: 'contents' }}>
            <TextInput
              label={t`流程实例ID或业务ID`}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={searching}>
              <Trans>查询</Trans>
            </Button>
          </form>
        </Group>
        {notFound && (
          <Alert
            color="yellow"
            mt="sm"
            role="status"
          >{t`没有找到流程实例或业务ID为「${text.trim()}」的流程`}</Alert>
        )}
      </Card>
      <Card withBorder radius={10}>
        {chosen ? (
          <FlowDiagram key={chosen} of={{ processInstanceId: chosen }} />
        ) : (
          <Alert color="gray" variant="light">
            <Trans>请选择或查询一个流程，查看其流程图与流转记录</Trans>
          </Alert>
        )}
      </Card>
    </Stack>
  )
}
