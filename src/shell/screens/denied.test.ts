// The error page of a path outside the user's menu: a screen the app has is refused (/403), even a
// generic list screen the user's menu does not list at all; anything else is not found (/404).
import { expect, it } from 'vitest'
import { missingScreenPage } from './denied'

it('refuses the generic list screens of other roles by their seeded paths', () => {
  for (const path of [
    '/system/param',
    '/system/user',
    '/system/dict-biz',
    '/system/tenant-datasource',
    '/authority/datascope',
    '/job/jobserver',
    '/monitor/log/api',
  ]) {
    expect(missingScreenPage(path, []), path).toBe('/403')
  }
})

it('does not find a path that is no screen', () => {
  for (const path of [
    '/nothing',
    '/system/nothing-here',
    '/wel/nope',
    '/not/in/menu',
    '/a/b/c/param',
  ])
    expect(missingScreenPage(path, []), path).toBe('/404')
})

it('refuses a menu entry the user has but may not open', () => {
  expect(
    missingScreenPage('/custom/page', [
      {
        id: '1',
        parentId: '0',
        name: 'x',
        path: '/custom/page',
        code: 'custom',
        children: [],
      } as never,
    ]),
  ).toBe('/403')
})
