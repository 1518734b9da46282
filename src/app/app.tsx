import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { i18n } from '../i18n'
import { queryClient } from './query-client'
import { router } from './router'
import { theme } from './theme'

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <ModalsProvider>
          <Notifications position="top-center" />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
