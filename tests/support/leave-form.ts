// Filling the leave request's form as a user does: the date pickers of its start and end.
import type { Page } from 'playwright-core'

/** Opens the picker labelled `label`, picks that day of the month shown and confirms. */
export async function pickDay(page: Page, label: string, day: number): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click()
  await page
    .getByRole('button', { name: new RegExp(`^${day} `) })
    .first()
    .click()
  await page.getByRole('button', { name: '确定', exact: true }).click()
}
