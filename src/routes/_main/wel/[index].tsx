import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { WelcomePage } from '@/features/desk/welcome-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/wel/index')({
  staticData: { title: msg`首页` },
  component: WelcomePage,
  errorComponent: RouteError,
})
