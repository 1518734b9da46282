// Test fixtures of the workflow screens: answers in the wire shapes of flow-records.ts, a recorder
// of the calls made, a stand-in for the bpmn-js canvas and viewer (jsdom draws no SVG), and axe on
// the rendered screen.
import axe from 'axe-core'
import { http as mock, HttpResponse } from 'msw'
import { useEffect } from 'react'
import { sessionStore } from '@/api/session'
import type { FlowModel, FlowProcess } from '@/domain/workflow/flow-records'
import { API } from '@/test/msw'
import type { CanvasProps } from './canvas-types'

export const ok = (data: unknown) =>
  HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
export const page = <T,>(records: T[]) =>
  ok({ records, total: records.length, size: 10, current: 1, pages: 1 })

const XML =
  '<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><bpmn:process id="Leave" /></bpmn:definitions>'

export const MODELS: FlowModel[] = [
  {
    id: '1900000000000000101',
    modelKey: 'Leave',
    name: '请假流程',
    description: '员工请假',
    version: 2,
    created: '2026-03-01 09:00:00',
    lastUpdated: '2026-03-02 10:00:00',
    tenantId: '000000',
  },
  {
    id: '1900000000000000102',
    modelKey: 'Expense',
    name: '报销流程',
    description: '',
    version: 1,
    created: '2026-03-03 09:00:00',
    lastUpdated: '2026-03-03 09:00:00',
    tenantId: '000000',
  },
]

export const PROCESSES: FlowProcess[] = [
  {
    id: 'Leave:2:1900000000000000201',
    tenantId: '000000',
    name: '请假流程',
    key: 'Leave',
    category: 'flow_1',
    categoryName: '请假流程',
    version: 2,
    deploymentId: '1900000000000000301',
    resourceName: 'Leave.bpmn20.xml',
    suspensionState: 1,
    deploymentTime: '2026-03-04 09:00:00',
  },
  {
    id: 'Expense:1:1900000000000000202',
    tenantId: '000000',
    name: '报销流程',
    key: 'Expense',
    category: 'flow_2',
    categoryName: '报销流程',
    version: 1,
    deploymentId: '1900000000000000302',
    resourceName: 'Expense.bpmn',
    suspensionState: 2,
    deploymentTime: '2026-03-05 09:00:00',
  },
]

/** What the screens sent: method, path, query and (JSON or multipart) body. */
export interface Call {
  method: string
  path: string
  query: Record<string, string>
  body?: unknown
  form?: Record<string, string[]>
}

/**
 * A multipart body's fields, a file as `file:<name>:<bytes>` (undici's formData() cannot parse jsdom's
 * File parts; the test files are ASCII, so characters count bytes).
 */
function partsOf(text: string, type: string): Record<string, string[]> {
  const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? ''
  const fields: Record<string, string[]> = {}
  for (const part of text.split(`--${boundary}`)) {
    const m = /name="([^"]+)"(?:; filename="([^"]*)")?[^]*?\r\n\r\n([^]*)\r\n$/.exec(part)
    if (m) (fields[m[1]!] ??= []).push(m[2] === undefined ? m[3]! : `file:${m[2]}:${m[3]!.length}`)
  }
  return fields
}

export function recorder() {
  const calls: Call[] = []
  const record = async (request: Request) => {
    const url = new URL(request.url)
    const call: Call = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
    }
    const type = request.headers.get('content-type') ?? ''
    if (type.includes('application/json')) call.body = await request.json()
    else if (type.includes('multipart/form-data')) call.form = partsOf(await request.text(), type)
    calls.push(call)
    return call
  }
  return { calls, record, of: (path: string) => calls.filter((c) => c.path === path) }
}

/** The choices every workflow form reads: the `flow` dictionary, role aliases, users, tenants. */
export const choiceHandlers = [
  mock.get(`${API}/blade-system/dict/dictionary`, () =>
    ok([
      { dictKey: '1', dictValue: '请假流程' },
      { dictKey: '2', dictValue: '报销流程' },
    ]),
  ),
  mock.get(`${API}/blade-system/role/alias`, () =>
    ok([
      { roleAlias: 'administrator', roleName: '超级管理员' },
      { roleAlias: 'manager', roleName: '经理' },
    ]),
  ),
  mock.get(`${API}/blade-system/user/page`, () =>
    page([{ id: '1123598821738675201', account: 'admin', realName: '管理员' }]),
  ),
  mock.get(`${API}/blade-system/tenant/select`, () =>
    ok([
      { tenantId: '000000', tenantName: '管理组' },
      { tenantId: '100001', tenantName: '越南分部' },
    ]),
  ),
]

export const modelDetail = (m: FlowModel) => ({ ...m, xml: XML.replace('Leave', m.modelKey) })

export function signIn(
  permission: Record<string, boolean>,
  opts: { tenantId?: string; roles?: string[]; userId?: string } = {},
) {
  sessionStore.login({
    access_token: 't',
    tenant_id: opts.tenantId ?? '000000',
    user_id: opts.userId ?? '1123598821738675201',
    account: 'admin',
  })
  sessionStore.setRoles(opts.roles ?? ['administrator'])
  sessionStore.setPermission(permission)
}

/** What the stand-in canvas was asked: the XML it showed and the process each save stamped. */
export const canvasLog = { shown: [] as string[], saved: [] as { id: string; name: string }[] }

/** Stands in for bpmn-canvas.tsx: shows the XML's process id, offers an edit, saves the stamped XML. */
export function FakeCanvas({ xml, onChange, onReady }: CanvasProps) {
  useEffect(() => {
    canvasLog.shown.push(xml)
    onReady({
      save: (p) => {
        canvasLog.saved.push(p)
        return Promise.resolve(
          `<definitions><process id="${p.id}" name="${p.name}" /></definitions>`,
        )
      },
      load: () => Promise.resolve(),
    })
    // Once, as the real canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <button type="button" onClick={onChange}>
      画布修改
    </button>
  )
}

/** Stands in for bpmn-view.tsx: the XML it would draw. */
export function FakeView({ xml }: { xml: string }) {
  return <pre data-testid="bpmn-view">{xml}</pre>
}

/**
 * axe-core's WCAG 2 A/AA rules on what is rendered (colour contrast needs a real browser: e2e). A
 * dialog's close button is left out: the app's theme labels it (src/app/theme.ts), this harness has
 * no theme.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(
    { include: [root], exclude: ['.mantine-Modal-close'] },
    {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    },
  )
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
