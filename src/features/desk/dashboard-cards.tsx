// The home dashboard's cards: every declared card (src/domain/desk/dashboard.ts) whose screen is in
// this user's menu, like the sidebar, plus this device's outbox. Figures first (one column on a
// phone, two on a tablet, three on a desktop), then the charts of the last 30 days (likewise).
import { useLingui } from '@lingui/react/macro'
import { SimpleGrid } from '@mantine/core'
import { useMemo } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { DASHBOARD_CARDS, type DashboardCardDef } from '@/domain/desk/dashboard'
import { filterByRoles, findMenu } from '@/shell/menu/menu-mapping'
import { hrefOf, useOpenMenu } from '@/shell/menu/use-open-menu'
import { CardBody } from './card-body'
import { CardFrame } from './card-frame'
import { deviceToday } from './dashboard-api'
import { OutboxCard } from './outbox-card'

interface VisibleCard {
  card: DashboardCardDef
  /** The menu entry of the screen the card links to. */
  screen: MenuNode
}

function useVisibleCards(): VisibleCard[] {
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.roles)
  return useMemo(() => {
    const tree = filterByRoles(menu, roles)
    return DASHBOARD_CARDS.flatMap((card: DashboardCardDef) => {
      const screen = findMenu(tree, (n) => n.code === card.permission)
      return screen ? [{ card, screen }] : []
    })
  }, [menu, roles])
}

function ServerCard({ card, screen, today }: VisibleCard & { today: string }) {
  const { i18n } = useLingui()
  const open = useOpenMenu()
  return (
    <CardFrame
      title={i18n._(card.title)}
      href={hrefOf(screen.path || card.link, screen.query)}
      onOpen={() => open(screen)}
      testId={`dashboard-card-${card.code}`}
      note={card.note ? i18n._(card.note) : undefined}
    >
      <CardBody card={card} today={today} />
    </CardFrame>
  )
}

export function DashboardCards() {
  const visible = useVisibleCards()
  const today = deviceToday()
  const figures = visible.filter((v) => v.card.kind === 'figures')
  const charts = visible.filter((v) => v.card.kind === 'days')
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="dashboard-figures">
        {figures.map((v) => (
          <ServerCard key={v.card.code} {...v} today={today} />
        ))}
        <OutboxCard />
      </SimpleGrid>
      {charts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} data-testid="dashboard-charts">
          {charts.map((v) => (
            <ServerCard key={v.card.code} {...v} today={today} />
          ))}
        </SimpleGrid>
      ) : null}
    </>
  )
}
