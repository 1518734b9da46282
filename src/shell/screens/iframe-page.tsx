// The embedded page of a menu entry whose path is a URL or an html page (/myiframe/{routerPath});
// `${token}` in the URL is replaced by the access token.
import { useLingui } from '@lingui/react/macro'
import { Box } from '@mantine/core'
import { Navigate } from '@tanstack/react-router'
import { useSession } from '@/api/session'
import { menuLabel } from '../menu/menu-mapping'
import { useFullMenu } from '../menu/menu-queries'
import { withToken } from '../menu/menu-target'
import { menuNodeFor } from '../tabs/route-tab'
import { Loading } from './menu-screen'

export function IframePage({ routerPath }: { routerPath: string }) {
  const { i18n } = useLingui()
  const { ready, menu } = useFullMenu()
  const token = useSession((s) => s.accessToken)
  const node = menuNodeFor(menu, `/myiframe/${routerPath}`)
  if (!node) return ready ? <Navigate to="/404" replace /> : <Loading />
  return (
    <Box
      component="iframe"
      title={menuLabel(node, i18n.locale)}
      src={withToken(node.path, token)}
      data-testid="embedded-page"
      style={{ width: '100%', height: 'calc(100dvh - 150px)', border: 0, borderRadius: 10, background: 'var(--mantine-color-body)' }}
    />
  )
}
