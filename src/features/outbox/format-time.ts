// Times on the outbox screen: the local date and time to the second.
import dayjs from 'dayjs'

export const formatTime = (ms: number | null): string =>
  ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—'
