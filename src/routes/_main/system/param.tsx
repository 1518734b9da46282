import { createFileRoute } from '@tanstack/react-router'
import { listSearch } from '@/crud/list-search'
import { ParamScreen } from '@/features/system/param-screen'

export const Route = createFileRoute('/_main/system/param')({ validateSearch: listSearch, component: ParamScreen })
