// A 10-shade Mantine palette derived from one picked colour: lighter tints before index 6, the
// colour itself at 6 (Mantine's filled shade in light mode), darker shades after.
import type { MantineColorsTuple } from '@mantine/core'

export const DEFAULT_COLOR = '#409EFF'

type Rgb = [number, number, number]

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1]
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb
}

const toHex = (rgb: Rgb) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`
const mix = (a: Rgb, b: Rgb, w: number): Rgb =>
  [0, 1, 2].map((i) => a[i] * (1 - w) + b[i] * w) as Rgb

export function isValidColor(hex: string): boolean {
  return parseHex(hex) !== null
}

export function paletteOf(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? (parseHex(DEFAULT_COLOR) as Rgb)
  const white: Rgb = [255, 255, 255]
  const black: Rgb = [0, 0, 0]
  const tints = [0.92, 0.82, 0.68, 0.5, 0.3, 0.14].map((w) => toHex(mix(base, white, w)))
  const shades = [0.12, 0.24, 0.36].map((w) => toHex(mix(base, black, w)))
  return [...tints, toHex(base), ...shades] as unknown as MantineColorsTuple
}

/** WCAG relative luminance of a hex colour (0 black … 1 white). */
function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0]
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * The palette's shade that carries white text readably (WCAG AA, 4.5:1): the picked colour itself
 * when it does, else the first darker shade that does. A light pick such as the default #409EFF
 * (2.9:1) would leave white button labels and active tabs unreadable.
 */
export function readableShade(palette: readonly string[]): 6 | 7 | 8 | 9 {
  for (const shade of [6, 7, 8] as const)
    if (contrastRatio(palette[shade]!, '#ffffff') >= 4.5) return shade
  return 9
}

/** `fg` darkened in steps until it reads at 4.5:1 on `bg` (light tints carrying their own colour's text). */
export function darkenUntilReadable(fg: string, bg: string): string {
  const base = parseHex(fg) ?? [0, 0, 0]
  for (let w = 0; w < 1; w += 0.05) {
    const c = toHex(mix(base, [0, 0, 0], w))
    if (contrastRatio(c, bg) >= 4.5) return c
  }
  return '#000000'
}
