import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TestPage } from '@/features/test/test-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/test/index')({
  staticData: { title: msg`测试页` },
  component: TestPage,
  errorComponent: RouteError,
})
