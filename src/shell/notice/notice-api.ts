// The latest notices (GET /blade-desk/notice/list?current=1&size=5), shared by the top bar's notice
// popover and the home page.
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/api/http'
import { config } from '@/config'

interface Notice {
  id: string
  title: string
  category?: number
  categoryName?: string
  releaseTime?: string
  content?: string
}

export interface NoticePage {
  records: Notice[]
  total: number
}

export const latestNoticesQuery = (size = 5) =>
  queryOptions({
    queryKey: ['desk', 'notice', 'list', { current: 1, size }] as const,
    queryFn: async () =>
      (await http.get<NoticePage>(`${config.apiPrefix}/blade-desk/notice/list`, {
        current: 1,
        size,
      })) ?? { records: [], total: 0 },
  })
