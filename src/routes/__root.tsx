import { createRootRoute, Navigate, Outlet, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { setNavigateToLogin } from '@/api/http'
import { RegisterGate } from '@/features/auth/register-gate'
import { RootError } from '@/features/auth/root-error'

function Root() {
  const navigate = useNavigate()
  useEffect(() => {
    setNavigateToLogin(() => void navigate({ to: '/login' }))
  }, [navigate])
  return (
    <>
      <Outlet />
      <RegisterGate onDone={() => void navigate({ to: '/login' })} />
    </>
  )
}

export const Route = createRootRoute({
  component: Root,
  errorComponent: ({ error }) => <RootError error={error} />,
  notFoundComponent: () => <Navigate to="/404" replace />,
})
