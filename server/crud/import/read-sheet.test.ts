// The xlsx sheet reader: exceljs's streaming reader fed from the zip's central directory
// (exceljs.ts). Files exceljs writes store xl/workbook.xml last; exceljs's own streaming zip walk
// lost it now and then (about 1 read in 300), failing the read. Entry order must not matter, a
// reader left early closes its files, and a file that is no zip is refused.
import { readdir, readlink, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { afterAll, describe, expect, it } from 'vitest'
import { BladeError } from '../../core/envelope.ts'
import { cellText, sheetRows } from './read-sheet.ts'
import { judgeSheet } from './upload.ts'
import { MSG_DAMAGED, MSG_NOT_SHEET } from './limits.ts'
import { zipEntries } from './zip-guard.ts'

const files: string[] = []
afterAll(async () => Promise.all(files.map((f) => rm(f, { force: true }))))

async function saved(bytes: Uint8Array | ArrayBuffer, name: string): Promise<string> {
  const path = join(tmpdir(), `read-sheet-${process.pid}-${name}`)
  files.push(path)
  await writeFile(path, new Uint8Array(bytes))
  return path
}

async function rowsOf(path: string): Promise<string[][]> {
  const out: string[][] = []
  for await (const r of sheetRows(await judgeSheet(path))) out.push(r.cells.map(cellText))
  return out
}

/** A workbook of two sheets; the one shown first is the second one written (sheet2.xml). */
async function twoSheets(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook()
  const other = wb.addWorksheet('Other')
  other.addRow(['not', 'this'])
  const orders = wb.addWorksheet('Orders')
  orders.addRow(['Mã', 'Tên sản phẩm', 'Giá'])
  for (let i = 1; i <= 40; i++)
    orders.addRow([`SP-${i}`, `Áo dài lụa đỏ ${'ệ₫'.repeat(i)}`, i * 1000])
  // exceljs orders the workbook's sheet list by orderNo (not in its types).
  Object.assign(orders, { orderNo: 1 })
  Object.assign(other, { orderNo: 2 })
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

/** The same zip with its entries stored in the given order (names not listed keep theirs, after). */
async function reordered(bytes: Uint8Array, first: string[]): Promise<Uint8Array> {
  const source = await JSZip.loadAsync(bytes)
  const names = Object.keys(source.files).filter((n) => !source.files[n]!.dir)
  const order = [
    ...first.filter((n) => names.includes(n)),
    ...names.filter((n) => !first.includes(n)),
  ]
  const out = new JSZip()
  for (const n of order) out.file(n, await source.files[n]!.async('uint8array'))
  return out.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}

describe('xlsx sheet reader', () => {
  it('reads the first sheet in workbook order, text intact, the same on every one of 400 reads', async () => {
    const path = await saved(await twoSheets(), 'two.xlsx')
    // As exceljs writes it: the workbook part last.
    expect((await zipEntries(path, (await stat(path)).size)).at(-1)?.name).toBe('xl/workbook.xml')
    const first = await rowsOf(path)
    expect(first).toHaveLength(41)
    expect(first[0]).toEqual(['Mã', 'Tên sản phẩm', 'Giá'])
    expect(first[40]).toEqual(['SP-40', `Áo dài lụa đỏ ${'ệ₫'.repeat(40)}`, '40000'])
    const failures: string[] = []
    for (let i = 0; i < 400; i++) {
      const rows = await rowsOf(path).catch((e: Error) => [[`error: ${e.message}`]])
      if (JSON.stringify(rows) !== JSON.stringify(first))
        failures.push(`read ${i}: ${JSON.stringify(rows).slice(0, 80)}`)
    }
    expect(failures).toEqual([])
  })

  it('does not depend on the order of the entries in the zip', async () => {
    const bytes = await twoSheets()
    const expected = await rowsOf(await saved(bytes, 'plain.xlsx'))
    const orders = [
      [
        'xl/worksheets/sheet2.xml',
        'xl/worksheets/sheet1.xml',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/workbook.xml',
      ],
      [
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
      ],
    ]
    for (const [i, first] of orders.entries())
      expect(await rowsOf(await saved(await reordered(bytes, first), `order-${i}.xlsx`))).toEqual(
        expected,
      )
  })

  it('a reader left after its first rows leaves no file open', async () => {
    const path = await saved(await twoSheets(), 'early.xlsx')
    const openFiles = async () =>
      (
        await Promise.all(
          (await readdir('/proc/self/fd')).map((fd) =>
            readlink(`/proc/self/fd/${fd}`).catch(() => ''),
          ),
        )
      ).filter((l) => l === path).length
    for (let i = 0; i < 20; i++) {
      for await (const row of sheetRows(await judgeSheet(path))) if (row.line >= 2) break
    }
    // Streams close on the next turns of the event loop.
    await expect.poll(openFiles).toBe(0)
  })

  it('a damaged part (bytes overwritten inside any of the parts read) is a 400 saying so, never another error', async () => {
    const bytes = await twoSheets()
    const path = await saved(bytes, 'whole.xlsx')
    const entries = await zipEntries(path, bytes.length)
    const parts = [
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet2.xml',
    ]
    const outcomes: string[] = []
    for (const name of parts) {
      const e = entries.find((x) => x.name === name)!
      const dataStart = e.localOffset + 30 + Buffer.from(name).length
      for (const share of [0.1, 0.5, 0.9]) {
        const damaged = new Uint8Array(bytes)
        damaged.fill(
          0xa5,
          dataStart + Math.floor(e.compressed * share),
          dataStart + Math.floor(e.compressed * share) + 6,
        )
        const outcome = await rowsOf(
          await saved(damaged, `damaged-${name.replace(/\W/g, '_')}-${share}.xlsx`),
        ).then(
          (rows) => `read ${rows.length} rows`,
          (err: unknown) =>
            err instanceof BladeError
              ? err.message
              : `${(err as Error).constructor.name}: ${(err as Error).message}`,
        )
        outcomes.push(`${name} at ${share}: ${outcome}`)
      }
    }
    // Damage inside compressed text may still inflate to valid XML: rows are then read, as they are.
    expect(
      outcomes.filter(
        (o) =>
          !o.endsWith(MSG_DAMAGED) && !o.endsWith(MSG_NOT_SHEET) && !/: read \d+ rows$/.test(o),
      ),
    ).toEqual([])
    expect(outcomes.filter((o) => o.endsWith(MSG_DAMAGED)).length).toBeGreaterThan(parts.length)
  })

  it('refuses a zip without a workbook and a file cut short, as bad input', async () => {
    const bytes = await twoSheets()
    const noBook = await JSZip.loadAsync(bytes).then((z) =>
      z.remove('xl/workbook.xml').generateAsync({ type: 'uint8array' }),
    )
    await expect(judgeSheet(await saved(noBook, 'nobook.xlsx'))).rejects.toBeInstanceOf(BladeError)
    await expect(
      judgeSheet(await saved(bytes.subarray(0, bytes.length - 100), 'cut.xlsx')),
    ).rejects.toBeInstanceOf(BladeError)
  })
})
