// The signed-in user's calls (docs/product.md §7): user info with roles, menu routes and buttons,
// top menus, the dept/role choices of the switch dialog, and personal info and password changes.
import { config } from '@/config'
import { http, request } from './http'

const SYSTEM = `${config.apiPrefix}/blade-system`

/** GET /blade-system/user/info: the user record; `roles` holds the role aliases (BladeX). */
export interface UserDetail {
  id?: string
  account?: string
  realName?: string
  name?: string
  avatar?: string
  email?: string
  phone?: string
  roles?: string[]
  [k: string]: unknown
}

/** A node of /menu/routes or /menu/top-menu as Blade sends it. */
export interface BladeMenu {
  id: string
  parentId?: string
  code?: string
  name: string
  alias?: string
  path: string
  source?: string
  sort?: number
  category?: number
  action?: number
  isOpen?: number
  hasChildren?: boolean
  children?: BladeMenu[]
  [k: string]: unknown
}

/** A node of /menu/buttons: leaves carry the permission codes. */
export interface ButtonNode {
  code?: string
  name?: string
  children?: ButtonNode[]
  [k: string]: unknown
}

export interface SelectItem {
  id: string
  [k: string]: unknown
}

export const getUserInfo = () => http.get<UserDetail>(`${SYSTEM}/user/info`)
export const getButtons = () => http.get<ButtonNode[]>(`${SYSTEM}/menu/buttons`)
export const getRoutes = (topMenuId?: string) =>
  http.get<BladeMenu[]>(`${SYSTEM}/menu/routes`, { topMenuId })
export const getTopMenu = () => http.get<BladeMenu[]>(`${SYSTEM}/menu/top-menu`)
export const getRoleSelect = (userId?: string) =>
  http.get<SelectItem[]>(`${SYSTEM}/role/select`, { userId })
export const getDeptSelect = (userId?: string) =>
  http.get<SelectItem[]>(`${SYSTEM}/dept/select`, { userId })
/** A 409 (the profile changed since it was shown) is the caller's to show: the conflict dialog. */
export const updateInfo = (body: Partial<UserDetail>) =>
  http.post<unknown>(`${SYSTEM}/user/update-info`, body, { quietFor: [409] })

/** Plain request parameters, as Saber sends them. */
export const updatePassword = (p: {
  oldPassword: string
  newPassword: string
  newPassword1: string
}) => request<unknown>(`${SYSTEM}/user/update-password`, { method: 'POST', query: p })
