// Headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core, with a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    serviceWorkers: 'allow',
    viewport: opts.viewport ?? { width: 1366, height: 860 },
    locale: 'zh-CN',
    // No animations (the app honours reduced motion): a click never lands on an entry still sliding
    // into place, e.g. a sidebar group mid-expand, where it hit the group's box and was lost.
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // What a page does next comes when the machine gets to it: Playwright's 30 s for a click or a
  // navigation went by on a shared machine (a phone page's first load beside another browser).
  // A locator that never matches still fails, two minutes later.
  context.setDefaultTimeout(120_000)
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Resolves once the page has drawn two frames and run the tasks they queued: what a key press or a
 * new viewport size made the app render (React commits, Mantine's media queries, a focus trap's
 * move) has happened by then. For checks that something did not happen, and for a new size to
 * settle before an audit.
 */
export function afterNextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
      ),
  )
}
