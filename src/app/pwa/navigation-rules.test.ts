import { expect, it } from 'vitest'
import { SERVER_NAVIGATIONS } from './navigation-rules'

const leftToServer = (path: string) => SERVER_NAVIGATIONS.some((r) => r.test(path))

it('leaves the API and the API description to the server, and the screens to the app', () => {
  const server = [
    '/api/blade-system/user/list',
    '/blade-desk/notice/list',
    '/doc.html',
    '/v3/api-docs',
    '/webjars/swagger-ui/swagger-ui-bundle.js',
  ]
  const app = [
    '/',
    '/wel/index',
    '/product/product',
    '/reconciliation/statement',
    '/doc.htmlx',
    '/v3',
  ]
  expect(server.filter((p) => !leftToServer(p))).toEqual([])
  expect(app.filter(leftToServer)).toEqual([])
})
