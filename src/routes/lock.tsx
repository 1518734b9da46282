import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { z } from 'zod'
import { requireAuth, safeRedirect } from '@/app/guard'
import { LockPage } from '@/features/auth/lock-page'

export const Route = createFileRoute('/lock')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: requireAuth,
  component: Lock,
})

function Lock() {
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const { history } = useRouter()
  const back = () => {
    // Locked from the top bar: the page before /lock is the last page.
    if (!redirect && history.canGoBack()) history.back()
    else void navigate({ href: safeRedirect(redirect), replace: true })
  }
  return <LockPage onUnlocked={back} onLoggedOut={() => void navigate({ to: '/login', replace: true })} />
}
