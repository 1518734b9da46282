// Prints the offline warm start (offline.md P1): the built app has shown a list online once; then,
// with the network off, the page is reloaded R times and timed until the shell is usable (the
// sidebar menu) and until the first list rows show from the persisted cache. Once on desktop
// Chromium and once with the CPU slowed 4x (the mobile profile's CPU; the network is off anyway).
// Run: npm run build && node bench/offline-start.ts [R=10]
import { startLocalApp, summary } from './support/local-app.ts'
import { apiCall } from '../tests/support/offline-page.ts'

const R = Number(process.argv[2] ?? 10)
const LIST = '/system/param'
const local = await startLocalApp()
const { page, context, server } = local
try {
  // Data rows of the list (the empty state is a row too, without a checkbox) and the sidebar's menu entries.
  const rows = page.getByRole('table').getByRole('checkbox', { name: /^选择第/ })
  const menu = page.locator('[data-testid="sidebar"] [data-testid^="menu-"]')
  // A page of the list to restore: 10 parameters.
  for (let i = 0; i < 10; i++) await apiCall(page, 'POST', '/api/blade-system/param/submit', { paramName: `bench ${i}`, paramKey: `bench.start.${i}`, paramValue: String(i) })
  await page.goto(`${server.baseUrl}${LIST}`)
  await rows.first().waitFor({ timeout: 30000 })
  // Let the persister write the list (it saves at most once a second) and the page settle.
  await page.waitForTimeout(2000)
  await context.setOffline(true)
  const cdp = await context.newCDPSession(page)
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const shell: number[] = []
    const list: number[] = []
    for (let i = 0; i < R; i++) {
      const t0 = performance.now()
      await page.reload({ waitUntil: 'commit' })
      await menu.first().waitFor({ timeout: 30000 })
      shell.push(performance.now() - t0)
      await rows.first().waitFor({ timeout: 30000 })
      list.push(performance.now() - t0)
    }
    const label = rate === 1 ? 'desktop' : `${rate}x CPU`
    console.log(`offline reload to usable shell (${label.padEnd(7)})      ${summary(shell)}`)
    console.log(`offline reload to first cached list (${label.padEnd(7)}) ${summary(list)}   (P1: <= 1500 ms on mobile)`)
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
} finally {
  await local.close()
}
