// The HTTP client the app calls: the request core (client.ts) with the refresh grant plugged in, so
// a 401 refreshes the token once and replays. Only the grants themselves use client.ts directly.
import { setSessionRefresher } from './client'
import { refreshSession } from './token-grant'

export * from './client'

setSessionRefresher(() => refreshSession())
