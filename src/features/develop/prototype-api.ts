// A data model's column prototypes (模型配置): read (the saved ones, or the table's columns before the
// first save) and saved as one list, each row on the version it was read with.
import { useQuery } from '@tanstack/react-query'
import { http, request } from '@/api/http'
import { config } from '@/config'

const DEVELOP = `${config.apiPrefix}/blade-develop`

/** One column as the editor holds it; a row never saved has no id nor version. */
export interface Prototype {
  id?: string
  version?: number
  modelId: string
  jdbcName: string
  jdbcType: string
  jdbcComment?: string | null
  propertyName: string
  propertyEntity: string
  isList: number
  isForm: number
  isRow: number
  isRequired: number
  isQuery: number
  componentType: string
  queryType: string
  dictCode?: string | null
  sort?: number
  [key: string]: unknown
}

export const prototypeKey = (modelId: string) => ['develop', 'model-prototype', modelId] as const

export function usePrototypes(modelId: string) {
  // Always read afresh: the versions a save carries must be the server's current ones.
  return useQuery({
    queryKey: prototypeKey(modelId),
    queryFn: () => http.get<Prototype[]>(`${DEVELOP}/model/model-prototype`, { modelId }),
    staleTime: 0,
    gcTime: 0,
  })
}

/** Saves the whole list; a 409 (someone else saved the columns meanwhile) is the caller's to show. */
export function savePrototypes(list: Prototype[]): Promise<Prototype[]> {
  return request<Prototype[]>(`${DEVELOP}/model-prototype/submit-list`, {
    method: 'POST',
    body: list,
    quietFor: [409],
  })
}

interface DictParent {
  code: string
  dictValue: string
}

/** The dictionaries a column may take its options from; none when they cannot be read. */
export function useDictionaries() {
  return useQuery({
    queryKey: ['develop', 'dict-parents'],
    queryFn: async () =>
      (
        await http.get<{ records: DictParent[] }>(
          `${config.apiPrefix}/blade-system/dict/parent-list`,
          { current: 1, size: 500 },
          { silent: true },
        )
      )?.records ?? [],
    staleTime: 60_000,
  })
}
