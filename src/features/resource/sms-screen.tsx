// SMS configurations: enable, plus sending a test message through a configuration.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { sms } from '@/domain/resource/sms'
import { ConfigScreen } from './config-screen'
import { SmsSendDialog } from './sms-send-dialog'

export default function SmsScreen() {
  const canSend = useSession((s) => s.permission.sms_send === true)
  const [code, setCode] = useState<string | null>(null)
  return (
    <>
      <ConfigScreen
        def={sms}
        moreActions={(row) =>
          canSend && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconSend size={14} />}
              onClick={() => setCode(String(row.smsCode))}
            >
              <Trans>发送测试</Trans>
            </Button>
          )
        }
      />
      {code && <SmsSendDialog code={code} onClose={() => setCode(null)} />}
    </>
  )
}
