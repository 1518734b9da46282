// Around a list's rows: a progress line while a refresh takes longer than 300 ms, and, after a
// failed refresh, rows marked stale (dimmed, and said so to screen readers).
import { useLingui } from '@lingui/react/macro'
import { Box, Progress, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { useDelayedFlag } from './use-delayed-flag'

/** A refresh quicker than this shows no progress line. */
const PROGRESS_AFTER_MS = 300

export function ListFrame({
  fetching,
  stale,
  errorId,
  children,
}: {
  fetching: boolean
  stale: boolean
  errorId: string
  children: ReactNode
}) {
  const { t } = useLingui()
  const slow = useDelayedFlag(fetching, PROGRESS_AFTER_MS)
  return (
    <Box
      pos="relative"
      data-stale={stale || undefined}
      aria-busy={slow || undefined}
      aria-describedby={stale ? errorId : undefined}
    >
      {/* The line keeps its height when hidden, so rows never jump when it comes and goes. */}
      <Box h={3} mb={2}>
        {slow && <Progress value={100} animated striped size={3} aria-label={t`正在刷新列表`} />}
      </Box>
      {stale && <VisuallyHidden>{t`以下数据未能刷新，可能已过期。`}</VisuallyHidden>}
      <Box style={stale ? { opacity: 0.55, filter: 'grayscale(0.6)' } : undefined}>{children}</Box>
    </Box>
  )
}
