import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { logger } from '@/api/logger'
import { guestOnly, redirectSearch, safeRedirect } from '@/app/guard'
import { LoginPage } from '@/features/auth/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: redirectSearch,
  beforeLoad: guestOnly,
  component: Login,
})

// The offline core is not part of /login (a light first visit); it starts before the login request so that its
// login listeners (the outbox's release of rows waiting for a login, docs/offline.md R19) see this login.
// A failed load does not stop the login: the signed-in page starts the core again.
const startOfflineCore = () =>
  import('@/app/offline-start')
    .then((m) => m.startOffline())
    .catch((err: unknown) => logger.warn('offline-start', err))

function Login() {
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <LoginPage
      beforeSignIn={startOfflineCore}
      onLoggedIn={() => void navigate({ href: safeRedirect(redirect), replace: true })}
    />
  )
}
