// bpmn-moddle 10 types its model (./types) but not its entry: the part of its API the engine uses.
declare module 'bpmn-moddle' {
  interface ModdleElement {
    $type: string
    id?: string
    name?: string
    isExecutable?: boolean
    /** Attributes of other namespaces (flowable:assignee, camunda:candidateGroups...), by prefixed name. */
    $attrs?: Record<string, string>
    [key: string]: unknown
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>)
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>
  }
  export type { ModdleElement }
}
