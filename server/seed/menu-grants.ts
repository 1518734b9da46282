// Which menus each seeded role is granted, and the top menus with the folders they group.
// A grant names a menu code: the menu and everything under it, or, with `buttons`, the menus under
// it and only the buttons with those keys. The administrator role is granted every menu.
export interface GrantSeed {
  code: string
  buttons?: string[]
}

export const ROLE_GRANTS: Record<string, GrantSeed[]> = {
  warehouse: [{ code: 'stock' }, { code: 'product', buttons: ['view'] }],
  outreach: [{ code: 'kol_manage' }],
  // The order screens' role change moved these two; migration 015 carried the change to databases seeded before it.
  finance: [
    { code: 'finance' },
    { code: 'reconciliation' },
    { code: 'gift', buttons: ['view', 'export', 'import'] },
    { code: 'tk_order_month' },
    { code: 'tk_fee' },
  ],
  office: [
    { code: 'desk' },
    { code: 'product_manage' },
    { code: 'order' },
    { code: 'tk_order' },
    { code: 'tk_order_month' },
    { code: 'tk_fee' },
    { code: 'fee_option' },
  ],
}

export interface TopMenuSeed {
  code: string
  name: string
  /** English name: the app shows it when the language is English. */
  alias: string
  source: string
  /** Top-level menu folders shown under this top menu. */
  menus: string[]
}

export const TOP_MENUS: TopMenuSeed[] = [
  {
    code: 'business',
    name: '业务中心',
    alias: 'Business',
    source: 'IconBriefcase',
    menus: [
      'desk',
      'product_manage',
      'order_manage',
      'gift',
      'kol_manage',
      'finance',
      'reconciliation',
      'stock',
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    alias: 'System',
    source: 'IconSettings',
    menus: ['system', 'authority', 'resource', 'monitor', 'report'],
  },
  {
    code: 'develop',
    name: '研发工具',
    alias: 'Development',
    source: 'IconCode',
    menus: ['tool', 'job_schedule', 'flow', 'work'],
  },
]
