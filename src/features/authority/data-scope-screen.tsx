import { dataScope } from '@/domain/authority/data-scope'
import { ScopeScreen } from './scope-screen'

export default function DataScopeScreen() {
  return <ScopeScreen def={dataScope} withTypeName />
}
