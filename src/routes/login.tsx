import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { guestOnly, safeRedirect } from '@/app/guard'
import { LoginPage } from '@/features/auth/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: guestOnly,
  component: Login,
})

function Login() {
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  return <LoginPage onLoggedIn={() => void navigate({ href: safeRedirect(redirect), replace: true })} />
}
