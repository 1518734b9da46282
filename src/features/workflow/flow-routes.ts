// Where a process's own screens live: the `flow` dictionary maps a category (routeKey
// `flow_<dictKey>`, the category a deployment carries) to the folder of its screens (the entry's
// remark, e.g. leave), under /work/process/<folder>/form|handle|detail.

export interface DictEntry {
  dictKey: string | number
  dictValue: string
  remark?: string | null
}

export interface FlowRoute {
  routeKey: string
  routeValue: string
  /** The category's name, for messages. */
  name: string
}

export function flowRoutes(entries: DictEntry[]): FlowRoute[] {
  return entries
    .filter((e) => (e.remark ?? '').trim() !== '')
    .map((e) => ({
      routeKey: `flow_${e.dictKey}`,
      routeValue: (e.remark ?? '').trim(),
      name: e.dictValue,
    }))
}

/** The screens' folder of a category, or undefined when the dictionary names none. */
export function flowRoute(routes: FlowRoute[], category: string): string | undefined {
  return routes.find((r) => r.routeKey === category)?.routeValue
}

const seg = (s: string) => encodeURIComponent(s)

export const formPath = (route: string, processDefinitionId: string) =>
  `/work/process/${seg(route)}/form/${seg(processDefinitionId)}`

export const handlePath = (
  route: string,
  t: { taskId: string; processInstanceId: string; businessId: string },
) =>
  `/work/process/${seg(route)}/handle/${seg(t.taskId)}/${seg(t.processInstanceId)}/${seg(t.businessId)}`

export const detailPath = (route: string, p: { processInstanceId: string; businessId: string }) =>
  `/work/process/${seg(route)}/detail/${seg(p.processInstanceId)}/${seg(p.businessId)}`

/** The list state of a work list opened afresh. */
export const FIRST_PAGE = { current: 1, size: 10 }
