// Opens a process's own screen (its form, a task's handling, its detail) through the flow
// dictionary; a category the dictionary names no screens for is said so, not opened as a 404.
import { useLingui } from '@lingui/react/macro'
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useFlowRoutes } from './flow-api'
import { flowRoute } from './flow-routes'

export function useProcessRoute() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const routes = useFlowRoutes()
  /** Goes to the path built from the category's screens folder; false when there is none. */
  return (category: string, categoryName: string, path: (route: string) => string): boolean => {
    if (!routes.data) {
      notifications.show({
        color: 'yellow',
        message: routes.isError
          ? t`流程路由字典加载失败，请稍后重试`
          : t`流程路由加载中，请稍后重试`,
      })
      return false
    }
    const route = flowRoute(routes.data, category)
    if (!route) {
      notifications.show({
        color: 'red',
        message: t`流程分类「${categoryName || category}」没有配置表单页面（字典 flow），无法打开`,
      })
      return false
    }
    // A path of the flow dictionary, not one route the router's types could name.
    void navigate({ to: path(route) } as never)
    return true
  }
}
