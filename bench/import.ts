// TK order import throughput: a 100,000-row TikTok Seller Center export (xlsx, written by
// exceljs's streaming writer) imported through real HTTP into a fresh database, then the same file
// again (every row unchanged), on SQLite and PostgreSQL (skipped with a message when unreachable).
// The server runs as its own process so its peak RSS (VmHWM) is the import's. Target: 100,000 rows
// in under a minute. Run: node bench/import.ts [rows]
import { openAsBlob } from 'node:fs'
import { readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Dialect } from '../server/db/database.ts'
import { TK_HEADERS, tkLine } from '../tests/support/import-files.ts'
import { loginAs } from '../tests/support/login.ts'
import {
  createScratchDatabase,
  PG_ADMIN_URL,
  postgresReachable,
} from '../tests/support/scratch-database.ts'
import { startServerProcess } from '../tests/support/server-process.ts'
import { printFigures, type Figure } from './support/figures.ts'

const ROWS = Number(process.argv[2] ?? 100_000)
const TARGET_S = 60

async function writeFile(path: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    useStyles: true,
  })
  const ws = wb.addWorksheet('Orders')
  ws.addRow(TK_HEADERS).commit()
  for (let i = 0; i < ROWS; i++) {
    const created =
      i % 2
        ? new Date(Date.UTC(2026, i % 12, 1 + (i % 28), 10, i % 60, 0))
        : `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/2026 21:05:00`
    const row = ws.addRow(tkLine(i, created))
    if (created instanceof Date)
      row.getCell(TK_HEADERS.indexOf('CREATED TIME') + 1).numFmt = 'dd/mm/yyyy hh:mm:ss'
    row.commit()
  }
  ws.commit()
  await wb.commit()
}

/** The process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
async function rssOf(pid: number, which: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024
}

async function importOnce(
  baseUrl: string,
  token: string,
  path: string,
): Promise<{ seconds: number; data: Record<string, number> }> {
  const form = new FormData()
  form.set('file', await openAsBlob(path), 'tk-orders.xlsx')
  const started = performance.now()
  const res = await fetch(`${baseUrl}/api/tkOrder/tkOrder/import`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}` },
    body: form,
  })
  const body = (await res.json()) as { code: number; msg: string; data: Record<string, number> }
  if (res.status !== 200)
    throw new Error(
      `import answered ${res.status}: ${body.msg} ${JSON.stringify(body.data).slice(0, 500)}`,
    )
  return { seconds: (performance.now() - started) / 1000, data: body.data }
}

async function bench(dialect: Dialect, file: string): Promise<Figure[]> {
  const scratch = await createScratchDatabase(dialect)
  const server = await startServerProcess(scratch)
  try {
    const token = (await loginAs(server.baseUrl, 'admin', 'admin')).access_token
    const before = await rssOf(server.pid, 'VmHWM')
    const first = await importOnce(server.baseUrl, token, file)
    const again = await importOnce(server.baseUrl, token, file)
    const rss = await rssOf(server.pid, 'VmHWM')
    console.log(
      `${dialect}: first import ${first.seconds.toFixed(1)} s ${JSON.stringify(first.data)}; again ${again.seconds.toFixed(1)} s ${JSON.stringify(again.data)}; server peak RSS ${rss.toFixed(0)} MB (${before.toFixed(0)} MB before the imports)`,
    )
    const rate = (s: number) =>
      `${Math.round(ROWS / s).toLocaleString('en-US')} rows/s (${s.toFixed(1)} s)`
    return [
      {
        figure: `TK import, ${ROWS.toLocaleString('en-US')} rows xlsx, new rows (${dialect})`,
        value: rate(first.seconds),
        target: `<= ${TARGET_S} s`,
        ok: first.seconds <= TARGET_S && first.data.inserted === ROWS,
      },
      {
        figure: `TK import, same file again, all unchanged (${dialect})`,
        value: rate(again.seconds),
        target: `<= ${TARGET_S} s`,
        ok: again.seconds <= TARGET_S && again.data.unchanged === ROWS,
      },
      {
        figure: `TK import, server peak RSS (${dialect})`,
        value: `${rss.toFixed(0)} MB`,
        baseline: `${before.toFixed(0)} MB peak before the imports`,
        target: 'bounded (streamed)',
        ok: rss > 0 && rss < 1024,
      },
    ]
  } finally {
    await server.kill('SIGTERM')
    await scratch.drop()
  }
}

const file = join(tmpdir(), `bench-tk-${process.pid}.xlsx`)
await writeFile(file)
console.log(`file: ${ROWS} rows, ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB`)
const figures: Figure[] = []
try {
  figures.push(...(await bench('sqlite', file)))
  if (await postgresReachable()) figures.push(...(await bench('postgres', file)))
  else console.log(`PostgreSQL skipped: nothing answers at ${PG_ADMIN_URL}`)
} finally {
  await rm(file, { force: true })
}
printFigures(figures)
