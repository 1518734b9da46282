import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { redirectSearch, requireAuth, safeRedirect } from '@/app/guard'
import { LockPage } from '@/features/auth/lock-page'

export const Route = createFileRoute('/lock')({
  validateSearch: redirectSearch,
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
  return (
    <LockPage
      onUnlocked={back}
      onLoggedOut={() => void navigate({ to: '/login', replace: true })}
    />
  )
}
