// The colour picker's dropdown, in a module of its own: it loads when the picker is first opened, so
// the shell's first download does not carry Mantine's colour components.
import { useLingui } from '@lingui/react/macro'
import { Button, ColorInput, ColorPicker, Stack } from '@mantine/core'
import { DEFAULT_COLOR } from '../theme/palette'
import { prefsStore, usePrefs } from '../theme/prefs-store'

const SWATCHES = [
  '#409EFF',
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA541C',
  '#FAAD14',
  '#722ED1',
  '#EB2F96',
]

export function ColorPickerPanel() {
  const { t } = useLingui()
  const color = usePrefs((p) => p.color)
  return (
    <Stack gap="xs">
      <ColorPicker
        format="hex"
        value={color}
        onChangeEnd={prefsStore.setColor}
        swatches={SWATCHES}
        swatchesPerRow={6}
        aria-label={t`主题色`}
      />
      <ColorInput
        format="hex"
        value={color}
        onChangeEnd={prefsStore.setColor}
        label={t`主题色`}
        swatches={SWATCHES}
        size="xs"
      />
      <Button
        size="xs"
        variant="default"
        onClick={() => prefsStore.setColor(DEFAULT_COLOR)}
      >{t`恢复默认`}</Button>
    </Stack>
  )
}
