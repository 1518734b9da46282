import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/shell/error-log/route-error'
import { IframePage } from '@/shell/screens/iframe-page'

// /myiframe/{routerPath}: the embedded page of an external menu entry; its tab takes the menu label.
export const Route = createFileRoute('/_main/myiframe/$')({
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const { _splat } = Route.useParams()
  return <IframePage routerPath={_splat ?? ''} />
}
