// bpmn-moddle 10 declares its element types (bpmn-moddle/types) but not its entry: the part of it
// the flowable attribute round-trip test uses.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, object>)
    fromXML(xml: string): Promise<{ rootElement: object; warnings: unknown[] }>
    toXML(element: object, options?: { format?: boolean }): Promise<{ xml: string }>
    create(type: string, attrs?: Record<string, unknown>): object
  }
}
