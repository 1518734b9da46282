// The element panel by keyboard alone: a task's name applied on Enter; the assignee chosen among the
// users (written as taskUser_<id>) or typed as an expression (a wrong one is said, not applied);
// candidate groups among the role aliases; a gateway flow's condition; axe finds nothing.
import { MantineProvider } from '@mantine/core'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import '@/test/i18n'
import { ElementPanel } from './element-panel'
import type { ElementProps, PanelChange } from './element-props'
import { axeViolations } from './flow-test-fixtures'

const TASK: ElementProps = {
  id: 'approve',
  type: 'bpmn:UserTask',
  kind: 'userTask',
  name: '审批',
  assignee: '',
  candidateGroups: [],
  condition: '',
}
const FLOW: ElementProps = {
  id: 'yes',
  type: 'bpmn:SequenceFlow',
  kind: 'gatewayFlow',
  name: '',
  assignee: '',
  candidateGroups: [],
  condition: '',
}

/** The panel over an element that takes each change, as the canvas does. */
function Harness({ start, changes }: { start: ElementProps; changes: PanelChange[] }) {
  const [el, setEl] = useState(start)
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <ElementPanel
          element={el}
          users={[{ id: '1123598821738675201', account: 'admin', realName: '管理员' }]}
          roles={[
            { roleAlias: 'administrator', roleName: '超级管理员' },
            { roleAlias: 'manager', roleName: '经理' },
          ]}
          onChange={(c) => {
            changes.push(c)
            setEl((old) => ({ ...old, ...c }))
          }}
        />
      </MantineProvider>
    </I18nProvider>
  )
}

describe('element panel', () => {
  it('edits a user task by keyboard', async () => {
    const u = userEvent.setup()
    const changes: PanelChange[] = []
    render(<Harness start={TASK} changes={changes} />)
    const panel = screen.getByRole('region', { name: '元素属性' })
    expect(await axeViolations(panel)).toEqual([])

    await u.click(within(panel).getByRole('textbox', { name: '名称' }))
    await u.keyboard('{Control>}a{/Control}经理审批{Enter}')
    expect(changes).toEqual([{ name: '经理审批' }])

    // The assignee: a user of the list, chosen with the arrow keys.
    await u.tab()
    await u.tab()
    const assignee = within(panel).getByRole('combobox', { name: '办理人' })
    assignee.focus()
    await u.keyboard('{ArrowDown}{Enter}')
    expect(changes.at(-1)).toEqual({ assignee: 'taskUser_1123598821738675201' })

    // Or an expression: a wrong one is said and not applied.
    await u.click(within(panel).getByRole('radio', { name: '表达式' }))
    const expression = within(panel).getByRole('textbox', { name: '办理人表达式' })
    await u.type(expression, 'taskUser{Enter}')
    expect(await within(panel).findByText('表达式须写成 ${...}')).toBeTruthy()
    expect(changes).toHaveLength(2)
    await u.clear(expression)
    await u.type(expression, '${{taskUser}{Enter}')
    expect(changes.at(-1)).toEqual({ assignee: '${taskUser}' })

    const groups = within(panel).getByRole('combobox', { name: /候选组/ })
    groups.focus()
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(changes.at(-1)).toEqual({ candidateGroups: ['manager'] })
  })

  it('edits the condition of a flow leaving an exclusive gateway', async () => {
    const u = userEvent.setup()
    const changes: PanelChange[] = []
    render(<Harness start={FLOW} changes={changes} />)
    expect(screen.queryByRole('combobox', { name: '办理人' })).toBeNull()
    const condition = screen.getByRole('textbox', { name: /条件表达式/ })
    await u.type(condition, '${{days > 3}')
    await u.tab()
    expect(changes).toEqual([{ condition: '${days > 3}' }])
  })
})
