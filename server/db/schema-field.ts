// Kysely types of the field-work tables of migration 007 (merged into DB in schema.ts).
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

interface Versioned {
  tenantId: Generated<string>
  version: Generated<number>
}

export interface StockTakingTable extends BaseColumns, Versioned {
  id: string
  checkDate: string
  brandId: string | null
  stockTotal: Generated<number>
  /** Migration 009: 0 counting, 1 finished. */
  countStatus: Generated<number>
  finishTime: string | null
}

export interface StockDetailTable extends BaseColumns, Versioned {
  id: string
  dmrStockId: string
  skuNo: string
  productStyleNo: string | null
  productQuantity: Generated<number>
  warehousePosition: string | null
  deviceId: string | null
  /** 1: the SKU was no product of the tenant when the line was stored. */
  skuUnknown: Generated<number>
}

export interface KolFileTable extends BaseColumns, Versioned {
  id: string
  dmrEmpId: string | null
  dmrEmpVnName: string | null
  kolName: string | null
  tkUserName: string
  tkUrl: string | null
  contactStatus: Generated<string>
  kolSex: number | null
  kolType: string | null
  tkFollowers: number | null
  kolCategory: string | null
  kolTags: string | null
  kolContact: string | null
  kolFrom: string | null
  engagementRate: number | null
  lastContactTime: string | null
  responseDeadline: string | null
  kolScore: number | null
  archivedReason: string | null
  createByEmpId: string | null
}

export interface KolFollowUpTable extends BaseColumns, Versioned {
  id: string
  kolId: string
  contactStatus: string
  note: string | null
  contactTime: string
  nextContactTime: string | null
  responseDeadline: string | null
}

export interface CooperateInfoTable extends BaseColumns, Versioned {
  id: string
  kolId: string
  cooperateType: string | null
  cooperateStatus: string | null
  scheduleType: number | null
  scheduleDate: string | null
  startDate: string | null
  endDate: string | null
  specificTime: string | null
  kolPrice: number | null
  kolCms: number | null
  negoPrice1: number | null
  negoCms1: number | null
  negoPrice2: number | null
  negoCms2: number | null
  negoPrice3: number | null
  negoCms3: number | null
  liveType: string | null
  liveDuration: number | null
  skuCount: number | null
  viewerCount: number | null
  videoView: string | null
  kolFrom: string | null
  /** The schedule rows, JSON text of an array. */
  detail: string | null
}

export interface FieldTables {
  dmrStockTaking: StockTakingTable
  dmrStockDetail: StockDetailTable
  dmrKolFile: KolFileTable
  dmrKolFollowUp: KolFollowUpTable
  dmrCooperateInfo: CooperateInfoTable
}
