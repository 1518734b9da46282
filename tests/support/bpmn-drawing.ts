// Drawing in the 模型设计 designer as a user does, through bpmn-js's context pad and replace menu and
// our element panel: the steps the workflow end-to-end tests share.
import type { Locator, Page } from 'playwright-core'

const WAIT = { timeout: 60_000 }

/** The input of a labelled field (Mantine's required asterisk is part of the label). */
export const input = (root: Locator, label: string) =>
  root.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(root.locator('input, textarea'))

export function bpmnDrawing(page: Page) {
  const shape = (id: string) => page.locator(`.djs-element[data-element-id="${id}"]`)
  const pad = (action: string) => page.locator(`.djs-context-pad [data-action="${action}"]`)

  /** A press on an element as a hand makes it: onto the point, a pause, down and up (pressed at once, diagram-js took a flow's press for a move). */
  async function press(id: string, at: { corner: true } | { along: number }) {
    const box = await shape(id).boundingBox()
    if (!box) throw new Error(`${id} is not drawn`)
    const [x, y] = 'corner' in at ? [12, 12] : [box.width * at.along, box.height / 2]
    await page.mouse.move(box.x + x, box.y + y, { steps: 3 })
    await page.waitForTimeout(300)
    await page.mouse.down()
    await page.mouse.up()
  }

  /**
   * Selects an element, as our panel then says: a task by a press near its corner (its middle holds
   * the label), an event or a flow in its middle. A click on the selected element would deselect
   * it, so none is made then.
   */
  async function select(id: string, at: { corner: true } | { along: number } = { corner: true }) {
    const shown = page.getByTestId('element-id').filter({ hasText: id })
    if (await shown.isVisible()) return
    await press(id, at)
    await shown.waitFor(WAIT)
  }

  /** A click on the empty canvas: ends a label's typing, clears the selection. */
  const blank = () =>
    page
      .locator('.djs-container svg')
      .first()
      .click({ position: { x: 5, y: 5 } })

  /** Appends a task after the selected element, names it and makes it a user task; answers its element id. */
  async function appendUserTask(name: string): Promise<string> {
    const tasks = page.locator('.djs-element[data-element-id^="Activity_"]')
    const before = await tasks.count()
    await pad('append.append-task').click()
    // bpmn-js opens the new task's label for typing; a click on the empty canvas ends it.
    await page.locator('.djs-direct-editing-parent').waitFor(WAIT)
    await page.keyboard.type(name)
    await blank()
    const id = (await tasks.nth(before).getAttribute('data-element-id')) ?? ''
    await select(id)
    await pad('replace').click()
    await page.locator('[data-id="replace-with-user-task"]').click()
    await page.locator('.djs-popup').waitFor({ state: 'detached' })
    return id
  }

  /**
   * start → 部门审批 (the admin user) → 管理员审批 (the administrator role) → end, in place of the
   * new model's start → end; answers the two tasks' ids.
   */
  async function drawTwoStepProcess(designer: Locator): Promise<[string, string]> {
    await shape('start').waitFor(WAIT)
    await select('start', { along: 0.5 })
    const first = await appendUserTask('部门审批')
    await select(first)
    const second = await appendUserTask('管理员审批')
    await select(second)
    await pad('connect').click()
    await press('end', { along: 0.5 })
    // The new model's start → end goes, pressed where no other flow runs beside it, nothing selected.
    await blank()
    await select('flow_start_end', { along: 0.7 })
    await pad('delete').click()
    await shape('flow_start_end').waitFor({ state: 'detached' })

    const panel = designer.getByRole('region', { name: '元素属性' })
    await select(first)
    await input(panel, '办理人').click()
    await page.getByRole('option', { name: /admin/ }).first().click()
    await select(second)
    await input(panel, '候选组').click()
    await page.getByRole('option', { name: /\(administrator\)$/ }).click()
    await page.keyboard.press('Escape')
    return [first, second]
  }

  return { shape, select, drawTwoStepProcess }
}
