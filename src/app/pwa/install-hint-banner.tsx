// docs/offline.md R22: in a Safari tab on iOS, a dismissible hint to add the app to the home screen.
import { useLingui } from '@lingui/react/macro'
import { Affix, Alert } from '@mantine/core'
import { useState } from 'react'
import {
  currentTraits,
  dismissInstallHint,
  installHintDismissed,
  shouldShowInstallHint,
} from './install-hint'

export function InstallHintBanner() {
  const { t } = useLingui()
  const [show, setShow] = useState(() =>
    shouldShowInstallHint(currentTraits(), installHintDismissed()),
  )
  if (!show) return null
  const close = () => {
    dismissInstallHint()
    setShow(false)
  }
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={390}>
      <Alert
        title={t`添加到主屏幕`}
        withCloseButton
        closeButtonLabel={t`不再提示`}
        onClose={close}
        data-testid="pwa-install-hint"
      >
        {t`点按 Safari 的“分享”按钮，然后选择“添加到主屏幕”。从主屏幕打开时，离线数据不会因 7 天未使用而被 Safari 清除。`}
      </Alert>
    </Affix>
  )
}
