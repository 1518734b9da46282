import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { requireAuth } from '@/app/guard'
import { ErrorPage } from '@/features/auth/error-page'

export const Route = createFileRoute('/404')({
  beforeLoad: requireAuth,
  component: Page,
})

function Page() {
  const navigate = useNavigate()
  return <ErrorPage code={404} onHome={() => void navigate({ to: '/' })} />
}
