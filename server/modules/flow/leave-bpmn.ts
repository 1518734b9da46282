// The leave process BladeX ships (流程 Leave): the applicant's request waits in 审批 for the named
// approver (${taskUser}), or, when none was named, for any holder of the administrator role; the
// outcome (`pass`, set from complete-task's flag) takes it to 通过 or 驳回.
import { LEAVE_PROCESS_KEY } from '../../../src/domain/workflow/flow-records.ts'

export const LEAVE_RESOURCE = 'leave.bpmn20.xml'

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI" typeLanguage="http://www.w3.org/2001/XMLSchema" expressionLanguage="http://www.w3.org/1999/XPath" targetNamespace="http://www.flowable.org/processdef">
  <process id="${LEAVE_PROCESS_KEY}" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <sequenceFlow id="toApprove" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="审批" flowable:assignee="\${taskUser}" flowable:candidateGroups="administrator"/>
    <sequenceFlow id="toOutcome" sourceRef="approve" targetRef="outcome"/>
    <exclusiveGateway id="outcome" name="审批结果"/>
    <sequenceFlow id="toPassed" name="同意" sourceRef="outcome" targetRef="passed">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="toRejected" name="驳回" sourceRef="outcome" targetRef="rejected">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression>
    </sequenceFlow>
    <endEvent id="passed" name="通过"/>
    <endEvent id="rejected" name="驳回"/>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_Leave">
    <bpmndi:BPMNPlane bpmnElement="${LEAVE_PROCESS_KEY}" id="BPMNPlane_Leave">
      <bpmndi:BPMNShape bpmnElement="start" id="BPMNShape_start"><omgdc:Bounds height="30" width="30" x="100" y="163"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="approve" id="BPMNShape_approve"><omgdc:Bounds height="80" width="100" x="190" y="138"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="outcome" id="BPMNShape_outcome"><omgdc:Bounds height="40" width="40" x="350" y="158"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="passed" id="BPMNShape_passed"><omgdc:Bounds height="28" width="28" x="450" y="90"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="rejected" id="BPMNShape_rejected"><omgdc:Bounds height="28" width="28" x="450" y="240"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge bpmnElement="toApprove" id="BPMNEdge_toApprove"><omgdi:waypoint x="130" y="178"/><omgdi:waypoint x="190" y="178"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="toOutcome" id="BPMNEdge_toOutcome"><omgdi:waypoint x="290" y="178"/><omgdi:waypoint x="350" y="178"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="toPassed" id="BPMNEdge_toPassed"><omgdi:waypoint x="370" y="158"/><omgdi:waypoint x="370" y="104"/><omgdi:waypoint x="450" y="104"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="toRejected" id="BPMNEdge_toRejected"><omgdi:waypoint x="370" y="198"/><omgdi:waypoint x="370" y="254"/><omgdi:waypoint x="450" y="254"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`
