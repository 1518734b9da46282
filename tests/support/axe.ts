// axe-core (WCAG 2 A and AA rules) on a page of the production build, as the end-to-end tests run
// it: the critical and serious violations, and the page's own structure faults (one h1, the main
// landmark; with the shell also its header and navigation).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

// Evaluated through the browser's debugging protocol: the app's CSP (script-src 'self') refuses an injected script tag.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

export interface Finding {
  screen: string
  id: string
  impact: string
  help: string
  targets: string[]
}

interface AxeResult {
  violations: {
    id: string
    impact: string | null
    help: string
    nodes: { target: unknown[]; any: { data?: unknown }[] }[]
  }[]
}

/** A node's selector; for a contrast failure also its colours and ratio, which is what a fix needs. */
function describeNode(n: { target: unknown[]; any: { data?: unknown }[] }): string {
  const data = n.any.find((c) => c.data && typeof c.data === 'object' && 'contrastRatio' in c.data)
    ?.data as { fgColor: string; bgColor: string; contrastRatio: number } | undefined
  return (
    n.target.map(String).join(' ') +
    (data ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '')
  )
}

/** Runs axe on the page as it is; answers the critical and serious violations, and the page's own structure faults. */
export async function audit(
  page: Page,
  screen: string,
  opts: { shell: boolean },
): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(async () => {
    // axe-core's own global, injected above.
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }
    ).axe
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    })
  })
  const findings: Finding[] = (result as AxeResult).violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      screen,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 8).map(describeNode),
    }))
  const structure = await page.evaluate(() => ({
    h1: [...document.querySelectorAll('h1')].filter((h) => !h.closest('[aria-hidden="true"]'))
      .length,
    header: document.querySelectorAll('header, [role="banner"]').length,
    nav: document.querySelectorAll('nav, [role="navigation"]').length,
    main: document.querySelectorAll('main, [role="main"]').length,
  }))
  if (structure.h1 !== 1)
    findings.push({
      screen,
      id: 'one-h1',
      impact: 'structure',
      help: `${structure.h1} h1 elements`,
      targets: [],
    })
  if (structure.main !== 1)
    findings.push({
      screen,
      id: 'landmark-main',
      impact: 'structure',
      help: `${structure.main} main landmarks`,
      targets: [],
    })
  if (opts.shell && (structure.header < 1 || structure.nav < 1))
    findings.push({
      screen,
      id: 'landmarks',
      impact: 'structure',
      help: `header ${structure.header}, nav ${structure.nav}`,
      targets: [],
    })
  return findings
}

export const report = (findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `${f.screen}: ${f.id} (${f.impact}) ${f.help}${f.targets.length ? `\n    ${f.targets.join('\n    ')}` : ''}`,
    )
    .join('\n')
