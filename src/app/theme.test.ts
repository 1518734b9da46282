import '@/test/i18n'
import { expect, it } from 'vitest'
import { contrastRatio } from '@/shell/theme/palette'
import { buildTheme } from './theme'

it('builds the Mantine theme with the picked colour as primary', () => {
  const theme = buildTheme('#11A983')
  expect(theme.primaryColor).toBe('primary')
  expect(theme.colors?.primary?.[6]).toBe('#11a983')
})

it('keeps white text readable on the primary colour: a light pick is filled with its first darker shade that reads at 4.5:1', () => {
  // The default #409EFF carries white at 2.9:1 only.
  expect(contrastRatio('#409EFF', '#ffffff')).toBeLessThan(3)
  const theme = buildTheme('#409EFF')
  const shade = (theme.primaryShade as { light: number }).light
  expect(shade).toBeGreaterThan(6)
  expect(contrastRatio(theme.colors!.primary![shade]!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  expect(contrastRatio(theme.colors!.primary![shade - 1]!, '#ffffff')).toBeLessThan(4.5)
  // A dark pick is used as picked.
  expect(buildTheme('#1d4ed8').primaryShade).toEqual({ light: 6, dark: 6 })
})

it('names the dialog close and the input clear buttons that Mantine draws', () => {
  const components = buildTheme().components as Record<string, { defaultProps?: Record<string, unknown> }>
  expect(components.Modal?.defaultProps?.closeButtonProps).toEqual({ 'aria-label': '关闭' })
  expect(components.InputClearButton?.defaultProps?.['aria-label']).toBe('清空')
})
