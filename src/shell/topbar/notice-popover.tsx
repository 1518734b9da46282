// The notice popover (docs/product.md §2 "Top bar"): tabs mail, messages and notices
// (notice-tabs.tsx, loaded when first opened). Notices come from the server; mail and messages have
// no server source yet and say so.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Indicator, Loader, Popover, Tooltip } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { latestNoticesQuery } from '../notice/notice-api'

const NoticeTabs = lazy(() => import('./notice-tabs').then((m) => ({ default: m.NoticeTabs })))

export function NoticePopover() {
  const { t } = useLingui()
  const total = useQuery(latestNoticesQuery()).data?.total ?? 0
  return (
    <Popover width={320} position="bottom-end" shadow="md" radius={10} withinPortal>
      <Popover.Target>
        <Tooltip label={t`通知`}>
          <Indicator disabled={!total} label={total > 99 ? '99+' : total} size={16} offset={4}>
            <ActionIcon variant="subtle" size="lg" aria-label={t`通知`} data-testid="notice-button">
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <NoticeTabs />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  )
}
