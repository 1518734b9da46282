import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { installOffline } from '@/offline/install'
import { persistOptions } from '@/offline/query-persister'
import { installErrorCapture } from '@/shell/error-log/capture'
import { usePrefs } from '@/shell/theme/prefs-store'
import { i18n } from '../i18n'
import { AfterFirstScreen } from './after-first-screen'
import { Pwa } from './pwa/pwa'
import { queryClient } from './query-client'
import { router } from './router'
import { buildTheme } from './theme'

// A performance mark for the offline start benchmark (bench/offline-start.ts).
const markRestored = () => void performance.mark?.('query-cache:restored')

export function App() {
  const color = usePrefs((p) => p.color)
  const dark = usePrefs((p) => p.themeName === 'dark')
  const theme = useMemo(() => buildTheme(color), [color])
  // Uncaught errors and unhandled rejections anywhere in the app go to the local error log.
  useEffect(() => installErrorCapture(), [])
  // Outbox replay, persistent storage and the query-cache lifecycle (offline.md).
  useEffect(() => installOffline(queryClient), [])
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme={dark ? 'dark' : 'light'}>
        <ModalsProvider>
          {/* Not part of the first screen: they mount once it has painted (offline.md P1). */}
          <AfterFirstScreen router={router}>
            <Notifications position="top-center" />
            <Pwa />
          </AfterFirstScreen>
          <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={markRestored}>
            <RouterProvider router={router} />
          </PersistQueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
