// A dashboard card's frame: its title links to the screen the card counts (opened like its menu
// entry), its body is the card's figures, chart, loading skeleton or error.
import { Anchor, Card, Group, Text } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import type { MouseEvent, ReactNode } from 'react'

interface Props {
  title: string
  href: string
  onOpen: () => void
  testId: string
  note?: string
  children: ReactNode
}

export function CardFrame({ title, href, onOpen, testId, note, children }: Props) {
  const open = (e: MouseEvent) => {
    // A plain click opens the screen as a tab; modified clicks keep the browser's behaviour.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    onOpen()
  }
  return (
    <Card radius={10} withBorder padding="md" data-testid={testId}>
      <Anchor
        href={href}
        onClick={open}
        underline="hover"
        c="inherit"
        mb="xs"
        data-testid={`${testId}-link`}
      >
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text fw={600}>{title}</Text>
          <IconChevronRight size={16} aria-hidden />
        </Group>
      </Anchor>
      {children}
      {note ? (
        <Text size="xs" c="dimmed" mt="xs">
          {note}
        </Text>
      ) : null}
    </Card>
  )
}
