import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '@/features/desk/dashboard-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/wel/dashboard')({
  staticData: { title: msg`控制台` },
  component: DashboardPage,
  errorComponent: RouteError,
})
