// The designer's canvas: bpmn-js's Modeler (palette, context pad, keyboard shortcuts when the canvas
// has focus) with the flowable moddle extension, beside our element panel. Loaded only when a
// designer opens: bpmn-js is never part of the shell's download.
import 'bpmn-js/dist/assets/diagram-js.css'
import 'bpmn-js/dist/assets/bpmn-js.css'
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Flex, ScrollArea } from '@mantine/core'
import Modeler from 'bpmn-js/lib/Modeler'
import { useEffect, useRef, useState } from 'react'
import type { CanvasHandle, CanvasProps } from './canvas-types'
import { ElementPanel } from './element-panel'
import {
  readElement,
  toProperties,
  type BusinessObject,
  type ElementProps,
  type PanelChange,
} from './element-props'
import { flowableModdle } from './flowable-moddle'

/** The parts of a diagram-js shape the canvas reads (a label stands for the element it labels). */
interface Shape {
  id: string
  businessObject: BusinessObject & { isExecutable?: boolean }
  labelTarget?: Shape
}

interface Modeling {
  updateProperties(element: Shape, properties: Record<string, unknown>): void
}

export default function BpmnCanvas({ xml, users, roles, onChange, onReady, onError }: CanvasProps) {
  const { t } = useLingui()
  const host = useRef<HTMLDivElement>(null)
  const modeler = useRef<Modeler | null>(null)
  const [selected, setSelected] = useState<ElementProps | null>(null)
  // The latest callbacks, read by the modeler's listeners (set up once).
  const latest = useRef({ onChange, onReady, onError })
  useEffect(() => {
    latest.current = { onChange, onReady, onError }
  })

  useEffect(() => {
    const m = new Modeler({
      container: host.current ?? undefined,
      moddleExtensions: { flowable: flowableModdle },
      keyboard: { bind: true },
    })
    modeler.current = m
    // Esc belongs to bpmn-js while the focus is in the canvas (it cancels a tool, an edit, a menu):
    // Mantine's modal leaves the keys of elements so marked alone. Tab out, then Esc closes the designer.
    const container = host.current
    const keepEscape = (e: FocusEvent) =>
      e.target instanceof Element
        ? e.target.setAttribute('data-mantine-stop-propagation', 'true')
        : undefined
    container?.addEventListener('focusin', keepEscape)
    let selectedId: string | null = null
    const show = (shape: Shape | undefined) => {
      const target = shape?.labelTarget ?? shape
      selectedId = target?.id ?? null
      setSelected(target ? readElement(target.businessObject) : null)
    }
    m.on('selection.changed', (e: { newSelection: Shape[] }) =>
      show(e.newSelection.length === 1 ? e.newSelection[0] : undefined),
    )
    m.on('element.changed', (e: { element: Shape }) => {
      if (e.element.id === selectedId || e.element.businessObject.id === selectedId) show(e.element)
    })
    // A load clears the stack: not a change of the user's.
    m.on(
      'commandStack.changed',
      (e: { trigger: string | null }) => e.trigger !== 'clear' && latest.current.onChange(),
    )
    const load = async (next: string) => {
      await m.importXML(next)
      m.get<{ zoom(to: string, center?: string): void }>('canvas').zoom('fit-viewport', 'auto')
      show(undefined)
    }
    const handle: CanvasHandle = {
      load,
      async save(process) {
        const canvas = m.get<{ getRootElement(): Shape }>('canvas')
        const modeling = m.get<Modeling>('modeling')
        const root = canvas.getRootElement()
        const bo = root.businessObject
        if (
          bo.$type === 'bpmn:Process' &&
          (bo.id !== process.id || bo.name !== process.name || !bo.isExecutable)
        ) {
          modeling.updateProperties(root, {
            id: process.id,
            name: process.name,
            isExecutable: true,
          })
        }
        const { xml: saved } = await m.saveXML({ format: true })
        return saved ?? ''
      },
    }
    load(xml).then(
      () => latest.current.onReady(handle),
      (err: unknown) => latest.current.onError(err),
    )
    return () => {
      container?.removeEventListener('focusin', keepEscape)
      modeler.current = null
      m.destroy()
    }
    // The first XML only: a reload goes through the handle, so the canvas is not rebuilt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const change = (c: PanelChange) => {
    const m = modeler.current
    if (!m || !selected) return
    const shape = m.get<{ get(id: string): Shape | undefined }>('elementRegistry').get(selected.id)
    if (!shape) return
    const factory = m.get<{ create(type: string, attrs: object): unknown }>('bpmnFactory')
    m.get<Modeling>('modeling').updateProperties(
      shape,
      toProperties(c, (body) => factory.create('bpmn:FormalExpression', { body })),
    )
  }

  return (
    <Flex h="100%" direction={{ base: 'column', sm: 'row' }} gap="sm">
      <Box
        ref={host}
        style={{
          flex: 1,
          minHeight: 360,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
        aria-label={t`流程画布：按 Tab 进入后可用键盘快捷键`}
        role="group"
        data-testid="bpmn-canvas"
      />
      <ScrollArea w={{ base: '100%', sm: 300 }} style={{ flexShrink: 0 }}>
        <ElementPanel element={selected} users={users} roles={roles} onChange={change} />
      </ScrollArea>
    </Flex>
  )
}
