// The workflow's menu screens: process models with their bpmn-js designer and the deployed process
// definitions; 流程跟踪 and 流程图; and 我的事务 (start, claim, to-do, sent, done and the leave
// requests). The leave request's form, handling and detail are file routes under
// routes/_main/work/process/leave.
export const screens = {
  '/flow/model': () => import('./model-screen'),
  '/flow/manager': () => import('./manager-screen'),
  '/flow/follow': () => import('./flow-follow-screen'),
  '/flow/diagram': () => import('./flow-diagram-screen'),
  '/work/start': () => import('./work-start-screen'),
  '/work/claim': () => import('./work-claim-screen'),
  '/work/todo': () => import('./work-todo-screen'),
  '/work/send': () => import('./work-process-screens').then((m) => ({ default: m.WorkSendScreen })),
  '/work/done': () => import('./work-process-screens').then((m) => ({ default: m.WorkDoneScreen })),
  '/work/process/leave': () => import('./leave-screen'),
}
