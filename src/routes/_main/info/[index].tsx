import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { InfoPage } from '@/features/profile/info-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/info/index')({
  staticData: { title: msg`个人信息` },
  component: InfoPage,
  errorComponent: RouteError,
})
