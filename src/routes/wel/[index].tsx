import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/wel/index')({
  component: () => (
    <p>
      <Trans>欢迎使用越南电商管理平台</Trans>
    </p>
  ),
})
