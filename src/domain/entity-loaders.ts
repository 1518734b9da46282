// Every declared entity, keyed by its menu code (its `permission`), each loaded on first use: the
// app downloads only the declarations its screens show (issue E: the first list's bundle), and
// registry.ts awaits them all for the server and for the screens that need every entity.
// Adding a simple entity: declare it in src/domain/<area>/<name>.ts and list it here.
import type { EntityDef } from './entity.ts'

export const entityLoaders: Record<string, () => Promise<EntityDef>> = {
  tenant: () => import('./system/tenant.ts').then((m) => m.tenant),
  tenant_package: () => import('./system/tenant-package.ts').then((m) => m.tenantPackage),
  tenant_data_source: () => import('./system/tenant-datasource.ts').then((m) => m.tenantDatasource),
  user: () => import('./system/user.ts').then((m) => m.user),
  role: () => import('./system/role.ts').then((m) => m.role),
  dept: () => import('./system/dept.ts').then((m) => m.dept),
  post: () => import('./system/post.ts').then((m) => m.post),
  menu: () => import('./system/menu.ts').then((m) => m.menu),
  topmenu: () => import('./system/top-menu.ts').then((m) => m.topMenu),
  dict: () => import('./system/dict.ts').then((m) => m.dict),
  dict_biz: () => import('./system/dict-biz.ts').then((m) => m.dictBiz),
  region: () => import('./system/region.ts').then((m) => m.region),
  param: () => import('./system/param.ts').then((m) => m.param),
  client: () => import('./system/client.ts').then((m) => m.client),
  data_scope: () => import('./authority/data-scope.ts').then((m) => m.dataScope),
  api_scope: () => import('./authority/api-scope.ts').then((m) => m.apiScope),
  notice: () => import('./desk/notice.ts').then((m) => m.notice),
  attach: () => import('./resource/attach.ts').then((m) => m.attach),
  oss: () => import('./resource/oss.ts').then((m) => m.oss),
  sms: () => import('./resource/sms.ts').then((m) => m.sms),
  datasource: () => import('./develop/datasource.ts').then((m) => m.datasource),
  log_usual: () => import('./log/logs.ts').then((m) => m.logUsual),
  log_api: () => import('./log/logs.ts').then((m) => m.logApi),
  log_error: () => import('./log/logs.ts').then((m) => m.logError),
  report_rest: () => import('./report/report-file.ts').then((m) => m.reportFile),
  stock_taking: () => import('./stock/stock-taking.ts').then((m) => m.stockTaking),
  stock_detail: () => import('./stock/stock-detail.ts').then((m) => m.stockDetail),
  stock_detail_total: () => import('./stock/stock-detail-total.ts').then((m) => m.stockDetailTotal),
  kol_file: () => import('./kol/kol-file.ts').then((m) => m.kolFile),
  kol: () => import('./kol/kol-follow-up.ts').then((m) => m.kolFollowUp),
  cooperate_info: () => import('./kol/cooperate-info.ts').then((m) => m.cooperateInfo),
  product: () => import('./product/product.ts').then((m) => m.product),
  tk_order: () => import('./order/tk-order.ts').then((m) => m.tkOrder),
  tk_order_month: () => import('./order/tk-order-month.ts').then((m) => m.tkOrderMonth),
  gift_detail: () => import('./gift/gift-detail.ts').then((m) => m.giftDetail),
}
