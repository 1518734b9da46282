// Harness for engine tests: the providers of the app and a memory router whose root route takes the
// list search schema and renders the screen, so URL state works as it does under a file route.
// Mantine runs in its test env (no transitions, no portals).
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import './i18n'
import { listSearch } from '@/crud/list/list-search'

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
  })

/** `queryClient`: one of the test's own (e.g. restored from the persisted cache); a fresh one by default. */
export function renderScreen(
  Screen: () => ReactNode,
  url = '/',
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  }),
) {
  const rootRoute = createRootRoute({ validateSearch: listSearch, component: Screen })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          {/* The app registers its own router type; this one is a stand-in for a test. */}
          <RouterProvider router={router as never} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  )
  return { ...view, router, queryClient }
}
