import { apiScope } from '@/domain/authority/api-scope'
import { ScopeScreen } from './scope-screen'

export default function ApiScopeScreen() {
  return <ScopeScreen def={apiScope} withTypeName={false} />
}
