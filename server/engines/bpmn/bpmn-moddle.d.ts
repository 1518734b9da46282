// bpmn-moddle 10 types its model (./types) but not its entry: the part of its API the engine uses
// (reading a file) and the designer's flowable attribute round-trip test uses (create, write).
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
    constructor(packages?: Record<string, object>)
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>
    toXML(element: object, options?: { format?: boolean }): Promise<{ xml: string }>
    create(type: string, attrs?: Record<string, unknown>): ModdleElement
  }
  export type { ModdleElement }
}
