import '@/test/i18n'
import { expect, it } from 'vitest'
import { contrastRatio } from '@/shell/theme/palette'
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { buildTheme, cssVariablesResolver } from './theme'

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
  const components = buildTheme().components as Record<
    string,
    { defaultProps?: Record<string, unknown> }
  >
  expect(components.Modal?.defaultProps?.closeButtonProps).toEqual({ 'aria-label': '关闭' })
  expect(components.InputClearButton?.defaultProps?.['aria-label']).toBe('清空')
})

it('gives every colour a light-variant text that reads at 4.5:1 on its tints, and readable dimmed text', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme())
  const light = cssVariablesResolver(theme).light
  for (const [name, shades] of Object.entries(theme.colors)) {
    const text = light[`--mantine-color-${name}-light-color`]!
    expect(contrastRatio(text, shades[1]!), name).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(text, shades[2]!), name).toBeGreaterThanOrEqual(4.5)
  }
  // Mantine's green text on its tint read at 3.8:1.
  expect(contrastRatio(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1])).toBeLessThan(
    4.5,
  )
  expect(contrastRatio(light['--mantine-color-dimmed']!, '#f8f9fa')).toBeGreaterThanOrEqual(4.5)
})
