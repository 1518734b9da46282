// Every module of the server, in one list.
import type { Module } from '../core/routes.ts'
import { authModule } from './auth/index.ts'
import { crudModuleWith } from '../crud/module.ts'
import { developModule } from './develop/index.ts'
import { developCrud } from './develop/codegen-rules.ts'
import { healthModule } from './health.ts'
import { resourceModule } from './resource/index.ts'
import { regionModule } from './region/index.ts'
import { tenantModule } from './tenant/index.ts'
import { systemModule } from './system/index.ts'
import { kolCrud, kolModule } from './kol/index.ts'
import { stockCrud, stockModule } from './stock/index.ts'
import { productCrud, productModule } from './product/index.ts'
import { paramCrud } from './system/param.ts'
import { tkOrderCrud, tkOrderModule } from './tk-order/index.ts'
import { giftCrud, giftModule } from './gift/index.ts'
import { orderCrud, orderModule } from './order/index.ts'
import { tkFeeCrud, tkFeeModule } from './tk-fee/index.ts'
import { employeeCrud, employeeModule } from './employee/index.ts'
import { salaryCrud, salaryModule } from './salary/index.ts'
import { dashboardModule } from './dashboard/index.ts'
import { reconciliationCrud, reconciliationModule } from './reconciliation/index.ts'
import { salaryExtraCrud } from './salary-extra/index.ts'
import { jobCrud, jobModule } from './job/index.ts'
import { flowModule } from './flow/index.ts'
import { syncModule } from './sync/index.ts'

// Feature modules add server-side rules (hooks) to the generic endpoints of their entities.
const crudModule = crudModuleWith({
  ...stockCrud,
  ...kolCrud,
  ...productCrud,
  ...paramCrud,
  ...tkOrderCrud,
  ...giftCrud,
  ...orderCrud,
  ...tkFeeCrud,
  ...employeeCrud,
  ...salaryCrud,
  ...reconciliationCrud,
  ...salaryExtraCrud,
  ...jobCrud,
  ...developCrud,
})

export const modules: Module[] = [
  developModule,
  resourceModule,
  regionModule,
  tenantModule,
  crudModule,
  healthModule,
  authModule,
  systemModule,
  stockModule,
  kolModule,
  productModule,
  tkOrderModule,
  giftModule,
  orderModule,
  tkFeeModule,
  employeeModule,
  salaryModule,
  dashboardModule,
  reconciliationModule,
  jobModule,
  flowModule,
  syncModule,
]
