import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { installErrorCapture } from '@/shell/error-log/capture'
import { usePrefs } from '@/shell/theme/prefs-store'
import { i18n } from '../i18n'
import { AfterFirstScreen } from './after-first-screen'
import { Pwa } from './pwa/pwa'
import { router } from './router'
import { buildTheme, cssVariablesResolver } from './theme'

const subscribeLocale = (onChange: () => void) => i18n.on('change', onChange)

// The query client and the persisted query cache are the signed-in layout's (routes/_main.tsx):
// nothing outside it reads queries, and /login loads none of it.
export function App() {
  const color = usePrefs((p) => p.color)
  const dark = usePrefs((p) => p.themeName === 'dark')
  // The theme names Mantine's own icon buttons in the UI language: rebuilt when it changes.
  const locale = useSyncExternalStore(subscribeLocale, () => i18n.locale)
  const theme = useMemo(() => buildTheme(color), [color, locale]) // eslint-disable-line react-hooks/exhaustive-deps
  // Uncaught errors and unhandled rejections anywhere in the app go to the local error log.
  useEffect(() => installErrorCapture(), [])
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        forceColorScheme={dark ? 'dark' : 'light'}
      >
        <ModalsProvider>
          {/* Not part of the first screen: they mount once it has painted (docs/offline.md P1). */}
          <AfterFirstScreen router={router}>
            <Notifications position="top-center" />
            <Pwa />
          </AfterFirstScreen>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
