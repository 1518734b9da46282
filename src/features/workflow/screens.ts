// Workflow: process models with their bpmn-js designer; deployed process definitions.
export const screens = {
  '/flow/model': () => import('./model-screen'),
  '/flow/manager': () => import('./manager-screen'),
}
