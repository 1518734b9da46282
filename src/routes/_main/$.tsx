import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/shell/error-log/route-error'
import { registerScreens, type ScreenLoader } from '@/shell/screen-registry'
import { MenuScreen } from '@/shell/screens/menu-screen'

// Business screens plug in by adding src/features/<area>/screens.ts exporting
// `screens: Record<menu path, () => import(...)>`; nothing else needs to change.
const modules = import.meta.glob<{ screens?: Record<string, ScreenLoader> }>('../../features/*/screens.ts', { eager: true })
for (const m of Object.values(modules)) if (m.screens) registerScreens(m.screens)

// Any other path inside the shell: a menu path (its registered screen or a pending panel), else /404.
export const Route = createFileRoute('/_main/$')({
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const { _splat } = Route.useParams()
  return <MenuScreen path={`/${_splat ?? ''}`} />
}
