// Data and API scopes, organised by menu.
export const screens = {
  '/authority/datascope': () => import('./data-scope-screen'),
  '/authority/apiscope': () => import('./api-scope-screen'),
}
