// A write refetches the written entity's queries and marks every other business answer stale (not
// refetched until shown again); other data (menus, system trees) is left as it is.
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { expect, it } from 'vitest'
import { refreshAfterWrite } from './refresh'

it("refetches the entity's queries and marks the summaries, order lines and home cards stale", async () => {
  const client = new QueryClient()
  const fetched: string[] = []
  const seed = (queryKey: readonly unknown[]) => client.setQueryData(queryKey, 'old')
  for (const key of [
    ['crud', 'salary', 'list', {}],
    ['crud', 'salaryMonth', 'list', {}],
    ['order', 'orderList', {}],
    ['desk', 'dashboard', 'salary', {}],
    ['system', 'tree', '/x'],
  ])
    seed(key)
  // The salary list is on screen (an observer), so it refetches.
  const onScreen = new QueryObserver(client, {
    queryKey: ['crud', 'salary', 'list', {}],
    queryFn: async () => (fetched.push('salary'), 'new'),
    staleTime: 30_000,
  })
  const unsubscribe = onScreen.subscribe(() => {})
  await refreshAfterWrite(client, 'salary')
  unsubscribe()
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
  expect(fetched).toEqual(['salary'])
  expect(client.getQueryData(['crud', 'salary', 'list', {}])).toBe('new')
  expect([
    invalidated(['crud', 'salaryMonth', 'list', {}]),
    invalidated(['order', 'orderList', {}]),
    invalidated(['desk', 'dashboard', 'salary', {}]),
  ]).toEqual([true, true, true])
  expect(invalidated(['system', 'tree', '/x'])).toBe(false)
})
