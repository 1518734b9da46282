// Prints the cost of outbox writes in Chromium (docs/offline.md P2): one strict write (the transaction
// `enqueue` runs: read the last seq, add the row) over N writes, and 1,000 count lines written in
// one strict transaction, repeated R times. Same Dexie build, same database and schema as the app.
// Run: npm run build && node bench/outbox-write.ts [N=300] [R=5]
import { startLocalApp, summary } from './support/local-app.ts'
import {
  clearOutbox,
  openSidePage,
  stockLines,
  writeOutbox,
} from '../tests/support/offline-page.ts'

const N = Number(process.argv[2] ?? 300)
const R = Number(process.argv[3] ?? 5)
const local = await startLocalApp()
try {
  // The app created the database; it is closed now so nothing replays the rows written here.
  await local.page.goto('about:blank')
  const side = await openSidePage(local.context, local.server.baseUrl)
  const lines = stockLines('1', 1000)
  // Warm-up: the first transactions open the database and compile the code paths.
  await writeOutbox(side, lines.slice(0, 20))
  await clearOutbox(side)
  const single = await writeOutbox(side, lines.slice(0, N))
  console.log(`one strict outbox write          ${summary(single.ms)}   (P2: p95 <= 50 ms)`)
  const batches: number[] = []
  for (let r = 0; r < R; r++) {
    await clearOutbox(side)
    batches.push(...(await writeOutbox(side, lines, { oneTransaction: true })).ms)
  }
  console.log(`1,000 lines in one transaction   ${summary(batches)}   (P2: <= 500 ms)`)
  await clearOutbox(side)
} finally {
  await local.close()
}
