// Menu tree, part 3: the business areas (products, orders, gifts, KOL, finance, stock).
import { btn, CRUD, folder, screen, type MenuSeed } from './menu-types.ts'

export const BUSINESS_MENUS: MenuSeed[] = [
  folder('product_manage', '商品管理', 'Products', '/product', 'IconBox', [
    screen('product', '商品列表', 'Products', '/product/product', 'IconPackage', [
      ...CRUD,
      'import',
      'export',
    ]),
  ]),
  folder('order_manage', '订单管理', 'Orders', '/order', 'IconShoppingCart', [
    screen('order', '订单列表', 'Orders', '/order/order', 'IconReceipt', [...CRUD, 'export']),
    screen('tk_order', 'TK订单', 'TK Orders', '/order/tk-order', 'IconBrandTiktok', [
      ...CRUD,
      'import',
      'export',
    ]),
    screen(
      'tk_order_month',
      'TK订单月度汇总',
      'TK Order Monthly Summary',
      '/order/tk-order-month',
      'IconCalendarStats',
      ['view', 'export'],
    ),
    screen('tk_fee', 'TK费用', 'TK Fees', '/order/tk-fee', 'IconReceiptTax', [...CRUD, 'export']),
    screen('fee_option', '费用选项', 'Fee Options', '/order/fee-option', 'IconListDetails', CRUD),
  ]),
  folder('gift', '礼物报表', 'Gift Reports', '/gift', 'IconGift', [
    screen('gift_detail', '礼物明细', 'Gift Details', '/gift/gift-detail', 'IconList', [
      ...CRUD,
      'import',
      'export',
    ]),
    screen('gift_total', '礼物汇总', 'Gift Totals', '/gift/gift-total', 'IconSum', [
      'view',
      'export',
    ]),
    screen(
      'gift_anchor_total',
      '主播汇总',
      'Per-Anchor Totals',
      '/gift/anchor-total',
      'IconMicrophone',
      ['view', 'export'],
    ),
    screen('gift_user_total', '用户汇总', 'Per-User Totals', '/gift/user-total', 'IconUserStar', [
      'view',
      'export',
    ]),
    screen(
      'gift_item_total',
      '礼物统计',
      'Per-Gift Totals',
      '/gift/gift-item-total',
      'IconGiftCard',
      ['view', 'export'],
    ),
  ]),
  folder('kol_manage', '达人管理', 'KOL', '/kol', 'IconStar', [
    screen('kol', '达人列表', 'KOL List', '/kol/kol', 'IconUsers', [
      ...CRUD,
      'export',
      btn('follow', '跟进', 2, 'IconMessageCircle'),
    ]),
    screen('kol_file', '达人档案', 'KOL File', '/kol/kol-file', 'IconFileInfo', [
      ...CRUD,
      'export',
    ]),
    screen(
      'cooperate_info',
      '合作信息',
      'Cooperation Info',
      '/kol/cooperate-info',
      'IconHeartHandshake',
      [...CRUD, 'export'],
    ),
    screen('kol_quotation', '达人报价', 'KOL Quotations', '/kol/quotation', 'IconCurrencyDong', [
      ...CRUD,
      btn('nego', '议价', 2, 'IconMessageDollar'),
    ]),
    // The phone follow-up screen (works offline): search, log a contact, quote, due list.
    screen('kol_follow_up', '达人跟进', 'KOL Follow-up', '/kol/follow-up', 'IconMessageCircle', []),
  ]),
  folder('finance', '财务管理', 'Finance', '/finance', 'IconCash', [
    // Employee: add and view off, edit allowed (docs/product.md §2 "Layout specifics"); employees
    // come in by import.
    screen('employee', '员工管理', 'Employees', '/finance/employee', 'IconIdBadge2', [
      'edit',
      'delete',
      'import',
      'export',
    ]),
    // Monthly salary summary is read-only.
    screen(
      'salary_month',
      '月度工资汇总',
      'Monthly Salary Summary',
      '/finance/salary-month',
      'IconCalendarDollar',
      ['export'],
    ),
    screen('salary', '工资管理', 'Salary', '/finance/salary', 'IconWallet', [...CRUD, 'export']),
    screen(
      'salary_detail',
      '工资明细',
      'Salary Detail',
      '/finance/salary-detail',
      'IconListNumbers',
      ['view', 'export'],
    ),
    screen(
      'salary_cs',
      '客服工资',
      'Customer-Service Salary',
      '/finance/salary-cs',
      'IconHeadset',
      [...CRUD, 'export'],
    ),
    screen('salary_mcn', 'MCN工资', 'MCN Salary', '/finance/salary-mcn', 'IconMicrophone2', [
      ...CRUD,
      'export',
    ]),
  ]),
  folder('reconciliation', '对账管理', 'Reconciliation', '/reconciliation', 'IconScale', [
    screen(
      'reconciliation_statement',
      '对账单',
      'Reconciliation Statements',
      '/reconciliation/statement',
      'IconFileInvoice',
      [...CRUD, 'export'],
    ),
    // Import: bank statement lines into a statement.
    screen(
      'reconciliation_detail',
      '对账明细',
      'Reconciliation Details',
      '/reconciliation/detail',
      'IconFileSpreadsheet',
      [...CRUD, 'import', 'export'],
    ),
  ]),
  folder('stock', '库存管理', 'Stock', '/stock', 'IconBuildingWarehouse', [
    screen(
      'stock_taking',
      '库存盘点',
      'Stock Counts',
      '/stock/stock-taking',
      'IconClipboardCheck',
      [...CRUD, 'export'],
    ),
    // The tablet counting screen (works offline): scan, count, finish.
    screen('stock_count', '盘点作业', 'Stock Counting', '/stock/count', 'IconClipboardCheck', []),
    // Stock count detail is read-only.
    screen(
      'stock_detail',
      '盘点明细',
      'Stock Count Details',
      '/stock/stock-detail',
      'IconClipboardList',
      ['export'],
    ),
    screen(
      'stock_detail_total',
      '库存明细汇总',
      'Stock Detail Totals',
      '/stock/stock-detail-total',
      'IconStack2',
      ['export'],
    ),
  ]),
]
