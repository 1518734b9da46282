// BPMN files the engine's and the flow module's tests deploy.
const head = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="http://www.flowable.org/processdef">`

/** A process of its own parts: `<process id=key name=name isExecutable="true">body</process>`. */
export const processXml = (key: string, name: string, body: string) =>
  `${head}\n<process id="${key}" name="${name}" isExecutable="true">${body}</process>\n</definitions>`

const cond = (expr: string) =>
  `<conditionExpression xsi:type="tFormalExpression"><![CDATA[${expr}]]></conditionExpression>`

/** A start, one approval task for `assignee`/candidate groups, a gateway on `condition`, ends 通过 and 驳回. */
export const approvalXml = (
  key: string,
  o: { assignee?: string; groups?: string; users?: string; condition?: string } = {},
) =>
  processXml(
    key,
    '审批流程',
    `<startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="审批"${o.assignee ? ` flowable:assignee="${o.assignee}"` : ''}${o.groups ? ` flowable:candidateGroups="${o.groups}"` : ''}${o.users ? ` flowable:candidateUsers="${o.users}"` : ''}/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="gate"/>
    <exclusiveGateway id="gate" name="审批结果"/>
    <sequenceFlow id="yes" sourceRef="gate" targetRef="passed">${cond(o.condition ?? '${pass}')}</sequenceFlow>
    <sequenceFlow id="no" sourceRef="gate" targetRef="rejected">${cond(`\${!(${(o.condition ?? '${pass}').slice(2, -1)})}`)}</sequenceFlow>
    <endEvent id="passed" name="通过"/>
    <endEvent id="rejected" name="驳回"/>`,
  )

/** Two tasks at once (a parallel split and join), then a last task for `${taskUser}`. */
export const parallelXml = (key: string) =>
  processXml(
    key,
    '会签流程',
    `<startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
    <parallelGateway id="fork"/>
    <sequenceFlow id="f2" sourceRef="fork" targetRef="a"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="b"/>
    <userTask id="a" name="甲审批" flowable:assignee="\${userA}"/>
    <userTask id="b" name="乙审批" flowable:assignee="\${userB}"/>
    <sequenceFlow id="f4" sourceRef="a" targetRef="join"/>
    <sequenceFlow id="f5" sourceRef="b" targetRef="join"/>
    <parallelGateway id="join"/>
    <sequenceFlow id="f6" sourceRef="join" targetRef="last"/>
    <userTask id="last" name="归档" flowable:assignee="\${taskUser}"/>
    <sequenceFlow id="f7" sourceRef="last" targetRef="end"/>
    <endEvent id="end" name="结束"/>`,
  )
