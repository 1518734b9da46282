// The login captcha picture: 5 characters drawn as stroked paths (no font, and no text in the SVG
// that a script could read back), each jittered and rotated, over noise curves and dots.
import { randomInt } from 'node:crypto'

type Stroke = [number, number][]

// Stroke glyphs on a 4 x 6 grid (y down). Look-alikes (0/O/Q, 1/I/L) are left out.
const P: Stroke = [
  [0, 6],
  [0, 0],
  [3, 0],
  [4, 1],
  [4, 2],
  [3, 3],
  [0, 3],
]
const GLYPHS: Record<string, Stroke[]> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0, 0],
      [0, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  '6': [
    [
      [3.5, 0],
      [2, 0],
      [0, 2],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
      [0, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  '9': [
    [
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4],
      [2, 6],
      [0.5, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  B: [
    [
      [0, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [2.5, 3.5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [1, 0],
      [4, 0],
    ],
    [
      [3, 0],
      [3, 5],
      [2, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.7],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.5],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [P],
  R: [
    P,
    [
      [2, 3],
      [4, 6],
    ],
  ],
  S: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  Z: [
    [
      [0, 0],
      [4, 0],
      [0, 6],
      [4, 6],
    ],
  ],
}
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('')

const WIDTH = 130
const HEIGHT = 48
const rnd = (min: number, max: number) => min + (randomInt(0, 10_001) / 10_000) * (max - min)
const f = (n: number) => n.toFixed(1)
const colour = (lo: number, hi: number) =>
  `rgb(${randomInt(lo, hi)},${randomInt(lo, hi)},${randomInt(lo, hi)})`

function glyph(ch: string, cx: number): string {
  const scale = rnd(3.9, 4.6)
  const angle = (rnd(-15, 15) * Math.PI) / 180
  const cy = HEIGHT / 2 + rnd(-3, 3)
  const place = ([x, y]: [number, number]) => {
    const dx = (x - 2) * scale
    const dy = (y - 3) * scale
    return `${f(cx + dx * Math.cos(angle) - dy * Math.sin(angle))},${f(cy + dx * Math.sin(angle) + dy * Math.cos(angle))}`
  }
  const d = GLYPHS[ch].map((s) => `M${s.map(place).join('L')}`).join('')
  return `<path d="${d}" fill="none" stroke="${colour(10, 120)}" stroke-width="${f(rnd(2.2, 3))}" stroke-linecap="round" stroke-linejoin="round"/>`
}

function noise(): string {
  const parts: string[] = []
  for (let i = 0; i < 4; i++) {
    const y = () => f(rnd(4, HEIGHT - 4))
    parts.push(
      `<path d="M${f(rnd(0, 20))},${y()}C${f(rnd(30, 60))},${y()} ${f(rnd(70, 100))},${y()} ${f(rnd(110, WIDTH))},${y()}" fill="none" stroke="${colour(90, 200)}" stroke-width="${f(rnd(0.8, 1.6))}"/>`,
    )
  }
  for (let i = 0; i < 30; i++)
    parts.push(
      `<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.6, 1.4))}" fill="${colour(80, 220)}"/>`,
    )
  return parts.join('')
}

/** A new captcha: its code (as drawn, upper case) and the SVG picture. */
export function makeCaptcha(length = 5): { code: string; svg: string } {
  let code = ''
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]
  const step = (WIDTH - 20) / length
  const glyphs = [...code].map((ch, i) => glyph(ch, 10 + step * (i + 0.5) + rnd(-2, 2))).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="${colour(235, 256)}"/>${noise()}${glyphs}</svg>`
  return { code, svg }
}

export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
