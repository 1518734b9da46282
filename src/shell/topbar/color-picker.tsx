// The colour picker of the top bar: the picked colour becomes Mantine's primary colour (a palette
// derived from it) and is remembered. Default #409EFF. The dropdown's content loads when first opened.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Loader, Popover, Tooltip } from '@mantine/core'
import { IconPalette } from '@tabler/icons-react'
import { lazy, Suspense } from 'react'

const ColorPickerPanel = lazy(() =>
  import('./color-picker-panel').then((m) => ({ default: m.ColorPickerPanel })),
)

export function ColorPickerButton() {
  const { t } = useLingui()
  return (
    <Popover position="bottom-end" shadow="md" radius={10} withinPortal>
      <Popover.Target>
        <Tooltip label={t`主题色`}>
          <ActionIcon variant="subtle" size="lg" aria-label={t`主题色`} data-testid="color-button">
            <IconPalette size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" />}>
          <ColorPickerPanel />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  )
}
