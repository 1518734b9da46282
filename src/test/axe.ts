// axe-core (WCAG 2 A and AA) on a rendered component under jsdom: the critical and serious
// violations, as "rule: targets" lines. Colour contrast needs a layout jsdom does not have; the
// end-to-end audit (tests/support/axe.ts) checks it in Chromium.
import axe from 'axe-core'

export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
