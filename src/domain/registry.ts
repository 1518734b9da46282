// Every declared entity. The server builds generic endpoints for each; the app builds its screens.
// Adding a simple entity: declare it in src/domain/<area>/<name>.ts and list it here.
import { datasource } from './develop/datasource.ts'
import { apiScope } from './authority/api-scope.ts'
import { dataScope } from './authority/data-scope.ts'
import { notice } from './desk/notice.ts'
import type { EntityDef } from './entity.ts'
import { logApi, logError, logUsual } from './log/logs.ts'
import { reportFile } from './report/report-file.ts'
import { attach } from './resource/attach.ts'
import { oss } from './resource/oss.ts'
import { sms } from './resource/sms.ts'
import { client } from './system/client.ts'
import { dept } from './system/dept.ts'
import { dictBiz } from './system/dict-biz.ts'
import { dict } from './system/dict.ts'
import { menu } from './system/menu.ts'
import { param } from './system/param.ts'
import { post } from './system/post.ts'
import { region } from './system/region.ts'
import { tenantDatasource } from './system/tenant-datasource.ts'
import { tenantPackage } from './system/tenant-package.ts'
import { tenant } from './system/tenant.ts'
import { role } from './system/role.ts'
import { topMenu } from './system/top-menu.ts'
import { user } from './system/user.ts'
import { stockTaking } from './stock/stock-taking.ts'
import { stockDetail } from './stock/stock-detail.ts'
import { stockDetailTotal } from './stock/stock-detail-total.ts'
import { kolFile } from './kol/kol-file.ts'
import { kolFollowUp } from './kol/kol-follow-up.ts'
import { cooperateInfo } from './kol/cooperate-info.ts'
import { product } from './product/product.ts'
import { tkOrder } from './order/tk-order.ts'
import { giftDetail } from './gift/gift-detail.ts'
import { order } from './order/order.ts'
import { feeOption } from './order/fee-option.ts'
import { tkFee } from './order/tk-fee.ts'

export const entities: EntityDef[] = [
  // system
  tenant, tenantPackage, tenantDatasource, user, role, dept, post, menu, topMenu, dict, dictBiz, region, param, client,
  // authority
  dataScope, apiScope,
  // desk, resource, develop, logs, reports
  notice, attach, oss, sms, datasource, logUsual, logApi, logError, reportFile,
  // stock counts and KOL outreach (issue C)
  stockTaking, stockDetail, stockDetailTotal, kolFile, kolFollowUp, cooperateInfo,
  // products (SKU)
  product,
  // sales and live-stream money (issue F)
  tkOrder, giftDetail,
  // our own orders, fee options and TK fees (issue F)
  order, feeOption, tkFee,
]
