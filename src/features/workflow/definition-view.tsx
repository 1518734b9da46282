// A process definition's diagram, read-only: bpmn-js loads with the first one shown.
import { Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'

const BpmnView = lazy(() => import('./bpmn-view'))

export function DefinitionView({
  xml,
  height = '60vh',
}: {
  xml: string
  height?: number | string
}) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <BpmnView xml={xml} height={height} />
    </Suspense>
  )
}
