// The embedded page of a menu entry whose path is a URL or an html page (/myiframe/{routerPath});
// `${token}` in the URL is replaced by the access token. The page is framed as far as the server's
// CSP (CSP_FRAME_SRC) allows; a page it refuses is offered in a new window instead.
import { useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Box, Group, Title } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { Navigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { menuLabel } from '../menu/menu-mapping'
import { withToken } from '../menu/menu-target'
import { useMenuNode } from '../menu/use-menu-node'
import { menuNodeFor } from '../tabs/route-tab'
import { useFrameRefused } from './use-frame-refused'
import { Loading } from './menu-screen'

export function IframePage({ routerPath }: { routerPath: string }) {
  const { t, i18n } = useLingui()
  const { node, settled } = useMenuNode(
    useCallback((m: MenuNode[]) => menuNodeFor(m, `/myiframe/${routerPath}`), [routerPath]),
  )
  const token = useSession((s) => s.accessToken)
  const src = node ? withToken(node.path, token) : ''
  const refused = useFrameRefused(src)
  if (!node) return settled ? <Navigate to="/404" replace /> : <Loading />
  const title = menuLabel(node, i18n.locale)
  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          data-testid="embedded-page-window"
        >
          <Group gap={4} wrap="nowrap">
            <IconExternalLink size={16} aria-hidden />
            {t`在新窗口中打开`}
          </Group>
        </Anchor>
      </Group>
      {refused ? (
        <Alert color="yellow" variant="light" data-testid="embedded-page-refused">
          {t`此页面不允许嵌入本系统（由服务器的 CSP_FRAME_SRC 设置决定），请在新窗口中打开。`}
        </Alert>
      ) : (
        <Box
          component="iframe"
          title={title}
          src={src}
          data-testid="embedded-page"
          style={{
            width: '100%',
            height: 'calc(100dvh - 190px)',
            border: 0,
            borderRadius: 10,
            background: 'var(--mantine-color-body)',
          }}
        />
      )}
    </Box>
  )
}
