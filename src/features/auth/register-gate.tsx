import { useSession } from '@/api/session'
import { needsRegistration, RegisterDialog } from './register-dialog'

/** Shows the registration dialog over any page while a signed-in user has no local account. */
export function RegisterGate({ onDone }: { onDone: () => void }) {
  const token = useSession((s) => s.accessToken)
  const userInfo = useSession((s) => s.userInfo)
  if (!token || !needsRegistration(userInfo)) return null
  return <RegisterDialog userInfo={userInfo} onDone={onDone} />
}
