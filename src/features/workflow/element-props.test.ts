// The panel's flowable attributes round-trip through BPMN XML with the moddle extension registered:
// written as flowable:assignee / flowable:candidateGroups, read back the same after a save and a
// new parse; a gateway's flow condition becomes a formal expression; emptied values leave no attribute.
import { BpmnModdle } from 'bpmn-moddle'
import { describe, expect, it } from 'vitest'
import {
  assigneeUser,
  readElement,
  toProperties,
  userAssignee,
  type BusinessObject,
  type PanelChange,
} from './element-props'
import { flowableModdle } from './flowable-moddle'
import { newDiagram } from './new-diagram'

type Element = BusinessObject & {
  set(name: string, value: unknown): void
  flowElements?: Element[]
  rootElements?: Element[]
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="Review" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="approve" name="审批" flowable:assignee="\${taskUser}" />
    <bpmn:exclusiveGateway id="gw" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="s1" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="s2" sourceRef="approve" targetRef="gw" />
    <bpmn:sequenceFlow id="s3" sourceRef="gw" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`

const moddle = () => new BpmnModdle({ flowable: flowableModdle })

async function parse(xml: string) {
  const m = moddle()
  const { rootElement } = await m.fromXML(xml)
  const process = (rootElement as unknown as Element).rootElements![0]!
  const byId = (id: string) => process.flowElements!.find((e) => e.id === id)!
  return { m, root: rootElement, byId }
}

/** What modeling.updateProperties does to the business object. */
function apply(el: Element, change: PanelChange, m: ReturnType<typeof moddle>) {
  for (const [k, v] of Object.entries(
    toProperties(change, (body) => m.create('bpmn:FormalExpression', { body })),
  ))
    el.set(k, v)
}

describe('element panel properties', () => {
  it('reads an existing assignee expression and the kinds of elements', async () => {
    const { byId } = await parse(XML)
    expect(readElement(byId('approve'))).toEqual({
      id: 'approve',
      type: 'bpmn:UserTask',
      kind: 'userTask',
      name: '审批',
      assignee: '${taskUser}',
      candidateGroups: [],
      condition: '',
    })
    expect(readElement(byId('s3')).kind).toBe('gatewayFlow')
    expect(readElement(byId('s1')).kind).toBe('other')
  })

  it('writes flowable:assignee, flowable:candidateGroups and a condition that read back the same after a save', async () => {
    const { m, root, byId } = await parse(XML)
    apply(byId('approve'), { assignee: userAssignee('1123598821738675201') }, m)
    apply(byId('approve'), { candidateGroups: ['administrator', 'manager'] }, m)
    apply(byId('approve'), { name: '经理审批' }, m)
    apply(byId('s3'), { condition: '${days > 3}' }, m)
    const { xml } = await m.toXML(root, { format: true })
    expect(xml).toContain('flowable:assignee="taskUser_1123598821738675201"')
    expect(xml).toContain('flowable:candidateGroups="administrator,manager"')
    expect(xml).toMatch(
      /<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{days &gt; 3\}<\/bpmn:conditionExpression>/,
    )

    const again = await parse(xml)
    const task = readElement(again.byId('approve'))
    expect(task).toMatchObject({
      name: '经理审批',
      assignee: 'taskUser_1123598821738675201',
      candidateGroups: ['administrator', 'manager'],
    })
    expect(assigneeUser(task.assignee)).toBe('1123598821738675201')
    expect(readElement(again.byId('s3')).condition).toBe('${days > 3}')
  })

  it('removes the attributes and the condition when they are emptied', async () => {
    const { m, root, byId } = await parse(XML)
    apply(byId('approve'), { assignee: ' ' }, m)
    apply(byId('approve'), { candidateGroups: [] }, m)
    apply(byId('s3'), { condition: '' }, m)
    const { xml } = await m.toXML(root)
    expect(xml).not.toContain('flowable:assignee')
    expect(xml).not.toContain('candidateGroups')
    expect(xml).not.toContain('conditionExpression')
  })

  it('starts a new model from a valid diagram: one executable process, start joined to end', async () => {
    const { root, byId } = await parse(
      newDiagram({ processId: 'Trip', name: '出差', start: '开始', end: '结束' }),
    )
    const process = (root as unknown as Element).rootElements![0]!
    expect(process).toMatchObject({ id: 'Trip', name: '出差', isExecutable: true })
    expect(byId('flow_start_end')).toMatchObject({
      sourceRef: { id: 'start' },
      targetRef: { id: 'end' },
    })
    expect(assigneeUser('${taskUser}')).toBeNull()
  })
})
