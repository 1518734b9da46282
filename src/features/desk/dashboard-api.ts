// The home dashboard's card reads (GET /blade-desk/dashboard/<code>?today=yyyy-MM-dd): one query per
// card, so each loads and fails on its own. Silent: a failing card shows its error in itself.
import { queryOptions } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { http } from '@/api/http'
import { config } from '@/config'
import { DASHBOARD_API, type DashboardCardDef } from '@/domain/desk/dashboard'

export type CardFigures = Record<string, number>
export interface CardDays {
  days: Record<string, string | number>[]
}

/** The device's calendar day: the server reads "today" and "this month" from it. */
export const deviceToday = (): string => dayjs().format('YYYY-MM-DD')

export const dashboardCardQuery = <T extends CardFigures | CardDays>(
  card: DashboardCardDef,
  today: string,
) =>
  queryOptions({
    queryKey: ['desk', 'dashboard', card.code, { today }] as const,
    queryFn: async () =>
      http.get<T>(`${config.apiPrefix}${DASHBOARD_API}/${card.code}`, { today }, { silent: true }),
    staleTime: 60_000,
  })
