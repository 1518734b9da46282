// The theme picker: all 11 shell themes (default hey), remembered.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconCheck, IconShirt } from '@tabler/icons-react'
import { prefsStore, usePrefs } from '../theme/prefs-store'
import { THEME_NAMES, type ThemeName } from '../theme/themes'

const LABELS: Record<ThemeName, MessageDescriptor> = {
  default: msg`默认主题`,
  white: msg`白色主题`,
  dark: msg`黑色主题`,
  colourful: msg`炫彩主题`,
  smart: msg`智能主题`,
  iview: msg`iView主题`,
  vip: msg`VIP主题`,
  cool: msg`酷炫主题`,
  d2: msg`D2主题`,
  hey: msg`Hey主题`,
  lte: msg`LTE主题`,
}

export function ThemePicker() {
  const { t, i18n } = useLingui()
  const current = usePrefs((p) => p.themeName)
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t`主题`}>
          <ActionIcon variant="subtle" size="lg" aria-label={t`主题`} data-testid="theme-button">
            <IconShirt size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {THEME_NAMES.map((name) => (
          <Menu.Item
            key={name}
            onClick={() => prefsStore.setTheme(name)}
            rightSection={current === name ? <IconCheck size={14} /> : null}
            data-testid={`theme-${name}`}
          >
            {i18n._(LABELS[name])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
