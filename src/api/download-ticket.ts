// A download the browser must open by URL (it cannot send the Blade-Auth header) carries a
// single-use ticket the server issues for that path, valid a minute, never the access token.
import { config } from '@/config'
import { request } from './http'

const TICKET = `${config.apiPrefix}/blade-resource/download-ticket`

/** The absolute URL of `path` (with the /api prefix) and `query`, opened once by its ticket. */
export async function ticketUrl(
  path: string,
  query: Record<string, string | number> = {},
): Promise<string> {
  const { ticket } = await request<{ ticket: string }>(TICKET, { method: 'POST', query: { path } })
  const search = new URLSearchParams(
    Object.entries({ ...query, ticket }).map(([k, v]) => [k, String(v)]),
  )
  return `${config.apiBase || window.location.origin}${path}?${search}`
}
