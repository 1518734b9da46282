// The drawn diagram: bpmn-js's navigated viewer (pan with the mouse, zoom with the wheel or the
// buttons) with the passed and the current steps marked. This module brings bpmn-js and is only
// ever loaded lazily (flow-diagram.tsx), so no screen's first download carries it.
import 'bpmn-js/dist/assets/diagram-js.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, Box, Group, Tooltip } from '@mantine/core'
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react'
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import type Canvas from 'diagram-js/lib/core/Canvas'
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry'
import { useEffect, useRef, useState } from 'react'
import classes from './flow-diagram.module.css'
import { MARK_CLASS, type Mark } from './flow-marks'

interface Props {
  xml: string
  marks: Map<string, Mark>
  /** The text alternative of the drawing (what it shows and where the process stands). */
  label: string
  height: number
}

export default function FlowDiagramCanvas({ xml, marks, label, height }: Props) {
  const { t } = useLingui()
  const host = useRef<HTMLDivElement>(null)
  const viewer = useRef<NavigatedViewer | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!host.current) return
    const v = new NavigatedViewer({ container: host.current })
    viewer.current = v
    let live = true
    v.importXML(xml).then(
      () => {
        if (!live) return
        const canvas = v.get<Canvas>('canvas')
        const registry = v.get<ElementRegistry>('elementRegistry')
        for (const [id, mark] of marks) if (registry.get(id)) canvas.addMarker(id, MARK_CLASS[mark])
        canvas.zoom('fit-viewport')
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
      viewer.current = null
      v.destroy()
    }
  }, [xml, marks])

  const canvas = () => viewer.current?.get<Canvas>('canvas')
  const zoomBy = (factor: number) => {
    const c = canvas()
    if (c) c.zoom(c.zoom() * factor)
  }

  if (failed)
    return (
      <Alert color="red" role="alert">
        <Trans>流程图无法显示</Trans>
      </Alert>
    )
  return (
    <Box pos="relative">
      <Group gap={4} pos="absolute" top={8} right={8} style={{ zIndex: 1 }}>
        <Tooltip label={t`放大`}>
          <ActionIcon variant="default" aria-label={t`放大`} onClick={() => zoomBy(1.2)}>
            <IconZoomIn size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`缩小`}>
          <ActionIcon variant="default" aria-label={t`缩小`} onClick={() => zoomBy(1 / 1.2)}>
            <IconZoomOut size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`适应画布`}>
          <ActionIcon
            variant="default"
            aria-label={t`适应画布`}
            onClick={() => canvas()?.zoom('fit-viewport')}
          >
            <IconArrowsMaximize size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <div
        ref={host}
        role="group"
        aria-label={label}
        data-testid="flow-canvas"
        className={classes.canvas}
        style={{ height }}
      />
    </Box>
  )
}
