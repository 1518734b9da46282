// Regions are keyed by code (docs/contract.md §10.5): the tree loads by parentCode ('0' = the top); detail,
// children, submit and remove go through the engine (EntityDef.key 'code').
import { http } from '@/api/http'
import { config } from '@/config'

const REGION = `${config.apiPrefix}/blade-system/region`
export const ROOT = '0'

export interface RegionNode {
  id: string
  parentId: string
  title: string
  value: string
  hasChildren: boolean
}

export const regionApi = {
  /** Children of a region as tree nodes; no parentCode = the top level. */
  lazyTree: async (parentCode?: string) =>
    (await http.get<RegionNode[]>(`${REGION}/lazy-tree`, parentCode ? { parentCode } : {})) ?? [],
}
