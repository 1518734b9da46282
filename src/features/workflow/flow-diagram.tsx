// The flow diagram viewer (流程图展示): the drawn process with the passed steps and the current one
// marked, a caption naming where it stands, and its history beside it (below on a phone). Inline,
// or in a dialog (FlowDiagramDialog). The drawing's code (bpmn-js) loads when first shown.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Grid, Group, Modal, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo } from 'react'
import { QueryStatus } from '@/crud/query-status'
import { usePhone } from '@/crud/use-phone'
import { Loading } from '@/shell/screens/menu-screen'
import { historyQuery, modelViewQuery, type DiagramOf } from './flow-api'
import classes from './flow-diagram.module.css'
import { FlowHistory } from './flow-history'
import { currentSteps, flowMarks } from './flow-marks'

const FlowDiagramCanvas = lazy(() => import('./flow-diagram-canvas'))

function Caption({ instance, steps }: { instance: boolean; steps: string[] }) {
  const { t } = useLingui()
  if (!instance) return <Text size="sm">{t`流程定义（未发起）`}</Text>
  return (
    <Text size="sm" fw={500} data-testid="flow-caption">
      {steps.length ? t`当前环节：${steps.join('、')}` : t`流程已结束`}
    </Text>
  )
}

export function FlowDiagram({ of, height = 420 }: { of: DiagramOf; height?: number }) {
  const { t } = useLingui()
  const instanceId = 'processInstanceId' in of ? of.processInstanceId : ''
  const view = useQuery(modelViewQuery(of))
  const history = useQuery({ ...historyQuery(instanceId), enabled: !!instanceId })
  const marks = useMemo(() => flowMarks(view.data?.flow ?? []), [view.data])
  const steps = currentSteps(history.data ?? [])
  const caption = <Caption instance={!!instanceId} steps={steps} />
  const label = instanceId
    ? steps.length
      ? t`流程图，当前环节：${steps.join('、')}`
      : t`流程图，流程已结束`
    : t`流程图`

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: instanceId ? 8 : 12 }}>
        <Box component="figure" m={0}>
          <QueryStatus query={view} failed={t`流程图加载失败`} />
          {view.data && !view.data.xml && (
            <Alert color="yellow">
              <Trans>该流程没有可显示的流程图</Trans>
            </Alert>
          )}
          {view.data?.xml && (
            <Suspense fallback={<Loading />}>
              <FlowDiagramCanvas xml={view.data.xml} marks={marks} label={label} height={height} />
            </Suspense>
          )}
          {/* Said once there is a drawing to caption; a failure says its own. */}
          {view.data && (
            <Box component="figcaption" mt="xs">
              <Group gap="md" justify="space-between">
                {caption}
                {instanceId && (
                  <Group gap="sm">
                    <Text size="xs">
                      <span className={`${classes.legend} ${classes.legendDone}`} />{' '}
                      <Trans>已完成</Trans>
                    </Text>
                    <Text size="xs">
                      <span className={`${classes.legend} ${classes.legendActive}`} />{' '}
                      <Trans>当前环节</Trans>
                    </Text>
                  </Group>
                )}
              </Group>
            </Box>
          )}
        </Box>
      </Grid.Col>
      {instanceId && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Title order={3} size="h5" mb="sm">
            <Trans>流转记录</Trans>
          </Title>
          <QueryStatus query={history} failed={t`流转记录加载失败`} />
          {history.data && <FlowHistory history={history.data} />}
        </Grid.Col>
      )}
    </Grid>
  )
}

export function FlowDiagramDialog({ of, onClose }: { of: DiagramOf; onClose: () => void }) {
  const { t } = useLingui()
  const phone = usePhone()
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`流程图展示`}
      size="90%"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`关闭` }}
    >
      <FlowDiagram of={of} height={480} />
    </Modal>
  )
}
