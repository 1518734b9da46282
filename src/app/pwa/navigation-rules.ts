// Navigations the service worker leaves to the server instead of answering with the app shell:
// the API (with and without /api) and the pages the server makes itself, the API description and
// its viewer (server/http/api-docs.ts). Shared by the worker (sw/sw.ts) and its test.
export const SERVER_NAVIGATIONS: RegExp[] = [
  /^\/api\//,
  /^\/blade-/,
  /^\/doc\.html$/,
  /^\/v3\//,
  /^\/webjars\//,
]
