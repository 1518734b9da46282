import { createTheme, type MantineThemeOverride } from '@mantine/core'
import { DEFAULT_COLOR, paletteOf } from '@/shell/theme/palette'

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", Roboto, sans-serif'

/**
 * Cards use the default corner radius 10 (spec §9). The primary colour is the one picked in the
 * top bar (default #409EFF): a palette derived from it becomes Mantine's `primary` colour.
 */
export function buildTheme(color: string = DEFAULT_COLOR): MantineThemeOverride {
  return createTheme({
    colors: { primary: paletteOf(color) },
    primaryColor: 'primary',
    // The picked colour itself is shade 6: use it in both schemes so it looks as chosen.
    primaryShade: { light: 6, dark: 6 },
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
    },
  })
}

export const theme = buildTheme()
