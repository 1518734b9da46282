// The colour picker of the top bar: the picked colour becomes Mantine's primary colour (a palette
// derived from it) and is remembered. Default #409EFF.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, ColorInput, ColorPicker, Popover, Stack, Tooltip } from '@mantine/core'
import { IconPalette } from '@tabler/icons-react'
import { DEFAULT_COLOR } from '../theme/palette'
import { prefsStore, usePrefs } from '../theme/prefs-store'

export const SWATCHES = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D', '#FA541C', '#FAAD14', '#722ED1', '#EB2F96']

export function ColorPickerButton() {
  const { t } = useLingui()
  const color = usePrefs((p) => p.color)
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
        <Stack gap="xs">
          <ColorPicker format="hex" value={color} onChangeEnd={prefsStore.setColor} swatches={SWATCHES} swatchesPerRow={6} aria-label={t`主题色`} />
          <ColorInput format="hex" value={color} onChangeEnd={prefsStore.setColor} label={t`主题色`} swatches={SWATCHES} size="xs" />
          <Button size="xs" variant="default" onClick={() => prefsStore.setColor(DEFAULT_COLOR)}>{t`恢复默认`}</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
