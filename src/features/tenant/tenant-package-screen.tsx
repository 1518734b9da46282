// Tenant packages (/system/tenant-package): the generic list; the menu list is the engine's
// searchable checkbox tree, cascading so a checked menu brings the folders above it.
import { CrudScreen } from '@/crud/crud-screen'
import { tenantPackage } from '@/domain/system/tenant-package'

export default function TenantPackageScreen() {
  return <CrudScreen entity={tenantPackage} slots={{ cascade: ['menuId'] }} />
}
