import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { requireAuth } from '@/app/guard'
import { ErrorPage } from '@/features/auth/error-page'

export const Route = createFileRoute('/500')({
  beforeLoad: requireAuth,
  component: Page,
})

function Page() {
  const navigate = useNavigate()
  return <ErrorPage code={500} onHome={() => void navigate({ to: '/' })} />
}
