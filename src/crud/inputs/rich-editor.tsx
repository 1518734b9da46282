// A small rich-text editor (contentEditable + document.execCommand): bold, italic, underline,
// bulleted and numbered lists, links. The value is HTML, sanitised on the way in and out.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Input, Paper } from '@mantine/core'
import {
  IconBold,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { sanitizeHtml } from '../cells/sanitize-html'

interface Props {
  label: string
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
  error?: string
  required?: boolean
}

export function RichEditor({ label, value, onChange, onBlur, error, required }: Props) {
  const { t } = useLingui()
  const ref = useRef<HTMLDivElement>(null)
  const emitted = useRef<string | null>(null)
  // A value from outside is written into the DOM; our own echo is not (typing must keep the caret).
  useEffect(() => {
    const el = ref.current
    if (el && value !== emitted.current) el.innerHTML = sanitizeHtml(value)
  }, [value])
  const emit = () => {
    const html = ref.current?.innerHTML ?? ''
    emitted.current = html === '<br>' ? '' : sanitizeHtml(html)
    onChange(emitted.current)
  }
  const run = (command: string, arg?: string) => {
    ref.current?.focus()
    document.execCommand(command, false, arg)
    emit()
  }
  const link = () => {
    const url = window.prompt(t`请输入链接地址`, 'https://')
    if (url && /^(https?:|mailto:|\/)/i.test(url.trim())) run('createLink', url.trim())
  }
  const tools: [string, ReactNode, () => void][] = [
    [t`加粗`, <IconBold size={16} key="b" />, () => run('bold')],
    [t`斜体`, <IconItalic size={16} key="i" />, () => run('italic')],
    [t`下划线`, <IconUnderline size={16} key="u" />, () => run('underline')],
    [t`无序列表`, <IconList size={16} key="ul" />, () => run('insertUnorderedList')],
    [t`有序列表`, <IconListNumbers size={16} key="ol" />, () => run('insertOrderedList')],
    [t`插入链接`, <IconLink size={16} key="a" />, link],
  ]
  return (
    <Input.Wrapper label={label} required={required} error={error}>
      <Paper
        withBorder
        radius="sm"
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <Group
          gap={2}
          p={4}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          role="toolbar"
          aria-label={t`格式`}
        >
          {tools.map(([name, icon, action]) => (
            // mousedown would take the selection away from the text before the command runs.
            <ActionIcon
              key={name}
              variant="subtle"
              color="gray"
              aria-label={name}
              title={name}
              onMouseDown={(e) => e.preventDefault()}
              onClick={action}
            >
              {icon}
            </ActionIcon>
          ))}
        </Group>
        <div
          ref={ref}
          role="textbox"
          aria-multiline
          aria-label={label}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onBlur={onBlur}
          style={{
            minHeight: 160,
            maxHeight: 420,
            overflow: 'auto',
            padding: '8px 12px',
            outline: 'none',
            lineHeight: 1.6,
          }}
        />
      </Paper>
    </Input.Wrapper>
  )
}
