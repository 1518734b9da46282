import { expect, it } from 'vitest'
import { buildTheme } from './theme'

it('builds the Mantine theme with the picked colour as primary', () => {
  const theme = buildTheme('#11A983')
  expect(theme.primaryColor).toBe('primary')
  expect(theme.colors?.primary?.[6]).toBe('#11a983')
})
