// A BPMN definition drawn read-only by bpmn-js's NavigatedViewer (drag to move, Ctrl+wheel to zoom,
// keyboard when focused). Loaded lazily with the first diagram shown.
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import { useLingui } from '@lingui/react/macro'
import { Alert, Box } from '@mantine/core'
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer'
import { useEffect, useRef, useState } from 'react'
import { flowableModdle } from './flowable-moddle'

export default function BpmnView({ xml, height }: { xml: string; height: number | string }) {
  const { t } = useLingui()
  const host = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const viewer = new NavigatedViewer({
      container: host.current ?? undefined,
      moddleExtensions: { flowable: flowableModdle },
    })
    viewer.importXML(xml).then(
      () =>
        viewer
          .get<{ zoom(to: string, center?: string): void }>('canvas')
          .zoom('fit-viewport', 'auto'),
      () => setFailed(true),
    )
    return () => viewer.destroy()
  }, [xml])
  return (
    <>
      {failed && (
        <Alert color="red" role="alert" mb="sm">
          {t`流程图无法显示：该 XML 不是有效的 BPMN 定义`}
        </Alert>
      )}
      <Box
        ref={host}
        h={height}
        role="group"
        aria-label={t`流程图`}
        data-testid="bpmn-view"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      />
    </>
  )
}
