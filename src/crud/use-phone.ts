import { useMediaQuery } from '@mantine/hooks'

/**
 * A phone-wide screen (below 768 px), read at the first render: taken in an effect, a phone first
 * rendered the desktop layout (a 200-row table) and then its own, which cost seconds at 4x CPU.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 767.98px)', undefined, { getInitialValueInEffect: false })
}
