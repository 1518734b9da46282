// Writes the PWA icons (public/icons/*.png) without any image tool: a blue rounded square with a
// white cart, drawn pixel by pixel and encoded as PNG with node:zlib. Run once; the PNGs are committed.
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

function crc32(buf: Buffer): number {
  let c = ~0
  for (const b of buf) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}

function icon(size: number, maskable: boolean): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size)
  const r = maskable ? 0 : size * 0.2
  const pad = maskable ? size * 0.2 : size * 0.1
  const inside = (x: number, y: number) => {
    const cx = Math.min(Math.max(x, r), size - r)
    const cy = Math.min(Math.max(y, r), size - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
  }
  const s = (v: number) => pad + v * (size - 2 * pad)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4
      let px = [0, 0, 0, 0]
      if (inside(x, y)) {
        px = [0x40, 0x9e, 0xff, 255]
        const u = (x - pad) / (size - 2 * pad)
        const v = (y - pad) / (size - 2 * pad)
        const basket =
          v > 0.28 && v < 0.62 && u > 0.2 + (v - 0.28) * 0.2 && u < 0.82 - (v - 0.28) * 0.2
        const wheel =
          (x - s(0.35)) ** 2 + (y - s(0.75)) ** 2 < (size * 0.05) ** 2 ||
          (x - s(0.68)) ** 2 + (y - s(0.75)) ** 2 < (size * 0.05) ** 2
        if (basket || wheel) px = [255, 255, 255, 255]
      }
      raw.set(px, o)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

writeFileSync('public/icons/icon-192.png', icon(192, false))
writeFileSync('public/icons/icon-512.png', icon(512, false))
writeFileSync('public/icons/icon-maskable-512.png', icon(512, true))
