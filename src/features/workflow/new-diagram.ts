// The diagram a new model starts from: one start event joined to one end event, in a process that
// Flowable runs (isExecutable) and whose id the model key replaces when it is saved.
import { FLOWABLE_URI } from './flowable-moddle'

/** `start` and `end`: the events' names, in the user's language. */
export function newDiagram({
  processId = 'process',
  name = '',
  start,
  end,
}: {
  processId?: string
  name?: string
  start: string
  end: string
}): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="${FLOWABLE_URI}" id="Definitions_1" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${esc(processId)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start" name="${esc(start)}">
      <bpmn:outgoing>flow_start_end</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:endEvent id="end" name="${esc(end)}">
      <bpmn:incoming>flow_start_end</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="flow_start_end" sourceRef="start" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${esc(processId)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end">
        <dc:Bounds x="420" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_start_end_di" bpmnElement="flow_start_end">
        <di:waypoint x="216" y="178" />
        <di:waypoint x="420" y="178" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`
}
