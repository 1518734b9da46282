// Harness for shell and page components: Mantine with modals and notifications, Lingui 'zh', a
// fresh QueryClient, and a memory router (so components may navigate) whose root renders `ui`.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createTheme, MantineProvider, Menu, Popover } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import './i18n'

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
}

// jsdom has no layout: every element measures 0×0, so Floating UI may judge a menu's target
// "detached" and hide the dropdown. Tests keep dropdowns visible and skip the open animation.
const floating = { hideDetached: false, transitionProps: { duration: 0 } }
const theme = createTheme({
  components: {
    Menu: Menu.extend({ defaultProps: floating }),
    Popover: Popover.extend({ defaultProps: floating }),
  },
})

function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <ModalsProvider>
          <Notifications />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </I18nProvider>
  )
}

/** Renders a router (built by the test) inside the providers. */
export function renderRouter(router: AnyRouter, queryClient = newQueryClient()) {
  return {
    router,
    queryClient,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  }
}

/** Renders `ui` as the only page of a memory router at `path`. */
export function renderShell(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const root = createRootRoute({ component: () => ui })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  return renderRouter(router)
}
