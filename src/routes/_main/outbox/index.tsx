import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { OutboxPage } from '@/features/outbox/outbox-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/outbox/')({
  staticData: { title: msg`离线队列` },
  component: OutboxPage,
  errorComponent: RouteError,
})
