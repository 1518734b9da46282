// Kysely type of the role scope grants of migration 004, which no entity declares (merged into DB
// in schema.ts).
interface RoleScopeTable {
  id: string
  scopeCategory: number
  scopeId: string
  roleId: string
}

export interface AdminTables {
  bladeRoleScope: RoleScopeTable
}
