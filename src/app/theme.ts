import { msg } from '@lingui/core/macro'
import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core'
import { i18n } from '@/i18n'
import { darkenUntilReadable, DEFAULT_COLOR, paletteOf, readableShade } from '@/shell/theme/palette'

const FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", Roboto, sans-serif'

/**
 * Cards use the default corner radius 10 (docs/product.md §9). The primary colour is the one picked
 * in the top bar (default #409EFF): a palette derived from it becomes Mantine's `primary` colour.
 * Icon-only buttons that Mantine draws itself (a dialog's ×, an input's clear button) get their
 * names here, in the UI language: build the theme again when the language changes.
 */
export function buildTheme(color: string = DEFAULT_COLOR): MantineThemeOverride {
  const palette = paletteOf(color)
  // The picked colour, or the nearest darker shade on which white text is readable (buttons, active tabs).
  const shade = readableShade(palette)
  const close = i18n._(msg`关闭`)
  const clear = i18n._(msg`清空`)
  return createTheme({
    colors: { primary: palette },
    primaryColor: 'primary',
    primaryShade: { light: shade, dark: shade },
    // Filled buttons, badges and segmented controls of any colour pick black or white text, whichever
    // reads at 4.5:1: below this luminance white does, above it black (WCAG's crossover lies in 0.175–0.183).
    autoContrast: true,
    luminanceThreshold: 0.183,
    defaultRadius: 'md',
    radius: { md: '10px' },
    fontFamily: FONT,
    // Who asks the system for less motion gets none: collapses, menus and dialogs appear at once.
    respectReducedMotion: true,
    components: {
      // A badge keeps its whole text: in a table squeezed to a tablet's width, Mantine's badge (which
      // hides its overflow) shrank to an empty pill, and the table scrolls instead. A plain object, not
      // Badge.extend: the theme is on /login's download, which has no badge.
      Badge: { styles: { root: { minWidth: 'max-content' } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      InputClearButton: { defaultProps: { 'aria-label': clear } },
      // A table wider or taller than its box scrolls: keyboard users reach the scroll by focusing it.
      TableScrollContainer: {
        defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
      },
    },
  })
}

/**
 * Text of the "light" variant (a colour's tint with its own colour's text: avatars, light badges and
 * buttons) in the light scheme: Mantine's shade 9 on shade 1 reads at 3–4:1 for green, orange, yellow...
 * Darkened until it reads on the hover tint (shade 2) too.
 */
const lightVariantText = (colors: Record<string, readonly string[]>) =>
  Object.fromEntries(
    Object.entries(colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      darkenUntilReadable(shades[9]!, shades[2]!),
    ]),
  )

/**
 * Secondary ("dimmed") text and error messages readable on the page's backgrounds (WCAG AA 4.5:1):
 * Mantine's defaults (gray 6 on white, dark 2 on dark 7, red 6 on white) read at 3–4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...lightVariantText({ ...DEFAULT_THEME.colors, ...theme.colors }),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
})
