// An xlsx (zip) file read from its central directory: checked BEFORE anything is inflated (the sum
// of the uncompressed sizes the entries declare, and each large entry's compression ratio), and its
// entries inflated one by one where the directory says they are (entryStream). An entry's inflated
// size may still lie; the reader is bounded by the row cap.
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline, Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import { badRequest } from '../../core/envelope.ts'
import {
  MAX_ENTRY_RATIO,
  MAX_UNZIPPED_BYTES,
  MSG_NOT_SHEET,
  MSG_ZIP_BOMB,
  RATIO_CHECK_BYTES,
} from './limits.ts'

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STORED = 0
const DEFLATED = 8
const ZIP64_MARK = 0xffffffff

export interface ZipEntry {
  name: string
  compressed: number
  uncompressed: number
  /** 0 stored, 8 deflated (the only methods spreadsheet writers use). */
  method: number
  /** Where the entry's local header starts. */
  localOffset: number
}

/** The entries the central directory lists; 400 when the file has none (not a zip). */
export async function zipEntries(path: string, size: number): Promise<ZipEntry[]> {
  const fh = await open(path, 'r')
  try {
    // The end record is in the last 22 bytes plus a comment of at most 64 KiB.
    const tailLen = Math.min(size, 22 + 0xffff)
    const tail = Buffer.alloc(tailLen)
    await fh.read(tail, 0, tailLen, size - tailLen)
    let at = -1
    for (let i = tailLen - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i
        break
      }
    if (at < 0) throw badRequest(MSG_NOT_SHEET)
    const count = tail.readUInt16LE(at + 10)
    const dirSize = tail.readUInt32LE(at + 12)
    const dirOffset = tail.readUInt32LE(at + 16)
    // ZIP64 archives (over 4 GiB or 65535 entries) are no spreadsheet anyone uploads here.
    if (dirOffset === ZIP64_MARK || dirSize === ZIP64_MARK || count === 0xffff)
      throw badRequest(MSG_ZIP_BOMB)
    if (dirOffset + dirSize > size) throw badRequest(MSG_NOT_SHEET)
    const dir = Buffer.alloc(dirSize)
    await fh.read(dir, 0, dirSize, dirOffset)
    const entries: ZipEntry[] = []
    for (let p = 0, i = 0; i < count; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw badRequest(MSG_NOT_SHEET)
      const compressed = dir.readUInt32LE(p + 20)
      const uncompressed = dir.readUInt32LE(p + 24)
      const nameLen = dir.readUInt16LE(p + 28)
      const extraLen = dir.readUInt16LE(p + 30)
      const commentLen = dir.readUInt16LE(p + 32)
      const name = dir.toString('utf8', p + 46, p + 46 + nameLen)
      const method = dir.readUInt16LE(p + 10)
      const localOffset = dir.readUInt32LE(p + 42)
      if (compressed === ZIP64_MARK || uncompressed === ZIP64_MARK || localOffset === ZIP64_MARK)
        throw badRequest(MSG_ZIP_BOMB)
      if (localOffset + compressed > size) throw badRequest(MSG_NOT_SHEET)
      entries.push({ name, compressed, uncompressed, method, localOffset })
      p += 46 + nameLen + extraLen + commentLen
    }
    return entries
  } finally {
    await fh.close()
  }
}

/** 400 unless the zip is a workbook whose declared inflated size is reasonable. */
export async function assertSafeXlsx(path: string, size: number): Promise<void> {
  const entries = await zipEntries(path, size)
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw badRequest(MSG_NOT_SHEET)
  let total = 0
  for (const e of entries) {
    total += e.uncompressed
    if (e.uncompressed > RATIO_CHECK_BYTES && e.uncompressed > e.compressed * MAX_ENTRY_RATIO)
      throw badRequest(MSG_ZIP_BOMB)
  }
  if (total > MAX_UNZIPPED_BYTES) throw badRequest(MSG_ZIP_BOMB)
}

/**
 * The inflated bytes of one entry, from where the central directory says it is. Destroying the
 * answer closes the file.
 */
export async function entryStream(path: string, entry: ZipEntry): Promise<Readable> {
  if (entry.method !== STORED && entry.method !== DEFLATED) throw badRequest(MSG_NOT_SHEET)
  const fh = await open(path, 'r')
  const head = Buffer.alloc(30)
  try {
    const { bytesRead } = await fh.read(head, 0, 30, entry.localOffset)
    if (bytesRead < 30 || head.readUInt32LE(0) !== LOCAL) throw badRequest(MSG_NOT_SHEET)
  } finally {
    await fh.close()
  }
  const start = entry.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28)
  // createReadStream's `end` is inclusive, so it cannot express zero bytes.
  if (entry.compressed === 0) return Readable.from([])
  const raw = createReadStream(path, { start, end: start + entry.compressed - 1 })
  if (entry.method === STORED) return raw
  // pipeline destroys the file stream when the inflater is destroyed or fails.
  return pipeline(raw, createInflateRaw(), () => undefined)
}
