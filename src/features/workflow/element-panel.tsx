// The designer's side panel for the selected element: its name; a user task's assignee (a user of
// the tenant, or an expression such as ${taskUser}) and candidate groups (role aliases); the
// condition of a flow leaving an exclusive gateway. Text is applied on leaving the field or on
// Enter, choices at once; each application is one undoable step on the canvas.
import { Trans, useLingui } from '@lingui/react/macro'
import { MultiSelect, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type KeyboardEvent } from 'react'
import {
  assigneeUser,
  EXPRESSION,
  userAssignee,
  type ElementProps,
  type PanelChange,
} from './element-props'
import type { RoleAlias, UserChoice } from './model-api'

/** How an expression is written, shown in the message of a wrong one. */
const FORM = '${...}'

interface Props {
  element: ElementProps | null
  users: UserChoice[]
  roles: RoleAlias[]
  onChange: (change: PanelChange) => void
}

export function ElementPanel({ element, users, roles, onChange }: Props) {
  const { t } = useLingui()
  return (
    <Stack gap="sm" component="section" aria-label={t`元素属性`}>
      <Title order={2} size="h5">
        <Trans>元素属性</Trans>
      </Title>
      {element ? (
        <ElementForm
          key={element.id}
          element={element}
          users={users}
          roles={roles}
          onChange={onChange}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>在画布上选择一个元素以编辑它的属性。</Trans>
        </Text>
      )}
    </Stack>
  )
}

/** A text field that keeps its draft while typed and applies it on blur or Enter; a value changed on the canvas (undo) replaces the draft. */
function useDraft(
  value: string,
  apply: (v: string) => void,
  valid: (v: string) => boolean = () => true,
) {
  const [draft, setDraft] = useState(value)
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    setDraft(value)
  }
  const bad = draft.trim() !== '' && !valid(draft.trim())
  const commit = () => {
    if (!bad && draft.trim() !== value) apply(draft)
  }
  return {
    value: draft,
    bad,
    onChange: (e: { currentTarget: { value: string } }) => setDraft(e.currentTarget.value),
    onBlur: commit,
    onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && commit(),
  }
}

function ElementForm({ element, users, roles, onChange }: Props & { element: ElementProps }) {
  const { t } = useLingui()
  const userId = assigneeUser(element.assignee)
  const [mode, setMode] = useState<'user' | 'expression'>(
    element.assignee && !userId ? 'expression' : 'user',
  )
  const name = useDraft(element.name, (v) => onChange({ name: v }))
  const expression = useDraft(
    userId ? '' : element.assignee,
    (v) => onChange({ assignee: v }),
    (v) => EXPRESSION.test(v),
  )
  const condition = useDraft(
    element.condition,
    (v) => onChange({ condition: v }),
    (v) => EXPRESSION.test(v),
  )
  const { bad: nameBad, ...nameProps } = name
  const { bad: expressionBad, ...expressionProps } = expression
  const { bad: conditionBad, ...conditionProps } = condition
  const userOptions = users.map((u) => ({
    value: u.id,
    label: u.realName ? `${u.realName} (${u.account})` : u.account,
  }))
  // A chosen group no longer among the roles still shows, so that it can be removed.
  const groupOptions = [
    ...roles.map((r) => ({ value: r.roleAlias, label: `${r.roleName} (${r.roleAlias})` })),
    ...element.candidateGroups
      .filter((g) => !roles.some((r) => r.roleAlias === g))
      .map((g) => ({ value: g, label: g })),
  ]
  return (
    <>
      <Text size="xs" c="dimmed" data-testid="element-id">
        {element.type.replace(/^bpmn:/, '')} · {element.id}
      </Text>
      <TextInput label={t`名称`} {...nameProps} error={nameBad || undefined} />
      {element.kind === 'userTask' && (
        <>
          <SegmentedControl
            aria-label={t`办理人类型`}
            value={mode}
            onChange={(v) => setMode(v === 'expression' ? 'expression' : 'user')}
            data={[
              { value: 'user', label: t`指定用户` },
              { value: 'expression', label: t`表达式` },
            ]}
          />
          {mode === 'user' ? (
            <Select
              label={t`办理人`}
              data={userOptions}
              searchable
              clearable
              value={userId}
              onChange={(id) => onChange({ assignee: id ? userAssignee(id) : '' })}
              nothingFoundMessage={t`无匹配用户`}
            />
          ) : (
            <TextInput
              label={t`办理人表达式`}
              placeholder="${taskUser}"
              {...expressionProps}
              error={expressionBad ? t`表达式须写成 ${FORM}` : undefined}
            />
          )}
          <MultiSelect
            label={t`候选组`}
            description={t`可办理此任务的角色`}
            data={groupOptions}
            searchable
            clearable
            value={element.candidateGroups}
            onChange={(groups) => onChange({ candidateGroups: groups })}
          />
        </>
      )}
      {element.kind === 'gatewayFlow' && (
        <TextInput
          label={t`条件表达式`}
          placeholder="${days > 3}"
          description={t`满足时走这条连线`}
          {...conditionProps}
          error={conditionBad ? t`表达式须写成 ${FORM}` : undefined}
        />
      )}
    </>
  )
}
