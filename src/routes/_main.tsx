import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '@/app/guard'
import { SignedInLayout } from '@/app/signed-in-layout'

// Pathless layout: every screen inside the shell (header, sidebar, tabs) is a child of this route.
export const Route = createFileRoute('/_main')({
  beforeLoad: requireAuth,
  component: SignedInLayout,
})
