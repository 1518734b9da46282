import { useLingui } from '@lingui/react'
import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { activateLocale, type Locale } from './index'

const LABELS: Record<Locale, string> = { zh: '中文', en: 'English' }

/** The language switch of the top bar and the login page; the choice is remembered. */
export function LanguageSwitch() {
  const { i18n } = useLingui()
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={LABELS[i18n.locale as Locale] ?? LABELS.zh}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="language / 语言"
            data-testid="language-switch"
          >
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LABELS) as Locale[]).map((l) => (
          <Menu.Item
            key={l}
            onClick={() => void activateLocale(l)}
            data-testid={`language-${l}`}
            fw={i18n.locale === l ? 700 : undefined}
          >
            {LABELS[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
