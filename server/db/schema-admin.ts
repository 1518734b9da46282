// Kysely types of the admin tables of migration 004 (merged into DB in schema.ts).
import type { Generated } from 'kysely'

export interface RegionTable {
  code: string
  parentCode: string
  ancestors: Generated<string>
  name: string
  provinceCode?: string | null
  provinceName?: string | null
  cityCode?: string | null
  cityName?: string | null
  districtCode?: string | null
  districtName?: string | null
  townCode?: string | null
  townName?: string | null
  villageCode?: string | null
  villageName?: string | null
  level: Generated<number>
  sort: Generated<number>
  remark: string | null
}

export interface RoleScopeTable {
  id: string
  scopeCategory: number
  scopeId: string
  roleId: string
}

export interface AdminTables {
  bladeRegion: RegionTable
  bladeRoleScope: RoleScopeTable
}
