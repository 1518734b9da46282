// Kysely table types. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
// Ids are 64-bit numbers kept as decimal strings; dates are 'yyyy-MM-dd HH:mm:ss' strings.
import type { Generated } from 'kysely'
import type { AdminTables } from './schema-admin.ts'
import type { BaseColumns } from './schema-base.ts'
import type { FieldTables } from './schema-field.ts'
import type { FlowSchemaTables } from './schema-flow.ts'
import type { ImportTables } from './schema-import.ts'
import type { ProductTables } from './schema-product.ts'
import type { SalesTables } from './schema-sales.ts'
import type { OrderTables } from './schema-orders.ts'
import type { FinanceTables } from './schema-finance.ts'
import type { ReconciliationTables } from './schema-reconciliation.ts'

export interface TenantTable extends BaseColumns {
  id: string
  tenantId: string
  tenantName: string
  domain: string | null
  backgroundUrl: string | null
  linkman: string | null
  contactNumber: string | null
  address: string | null
  accountNumber: Generated<number>
  expireTime: string | null
  packageId: string | null
  datasourceId: string | null
  licenseKey: string | null
}

export interface ClientTable extends BaseColumns {
  id: string
  clientId: string
  clientSecret: string
  resourceIds: string | null
  scope: string
  authorizedGrantTypes: string
  webServerRedirectUri: string | null
  authorities: string | null
  accessTokenValidity: number
  refreshTokenValidity: number
  additionalInformation: string | null
  autoapprove: string | null
}

export interface UserTable extends BaseColumns {
  id: string
  /** Raised by every write (optimistic concurrency). */
  version: Generated<number>
  tenantId: string
  code: string | null
  userType: Generated<number>
  account: string
  password: string
  name: string | null
  realName: string | null
  avatar: string | null
  email: string | null
  phone: string | null
  birthday: string | null
  sex: number | null
  roleId: string
  deptId: string
  postId: string
}

export interface RoleTable {
  id: string
  /** Raised by every write (optimistic concurrency). */
  version: Generated<number>
  tenantId: string
  parentId: string
  roleName: string
  sort: number
  roleAlias: string
  isDeleted: Generated<number>
}

export interface DeptTable {
  id: string
  /** Raised by every write (optimistic concurrency). */
  version: Generated<number>
  tenantId: string
  parentId: string
  ancestors: string
  deptCategory: number | null
  deptName: string
  fullName: string | null
  sort: number
  remark: string | null
  isDeleted: Generated<number>
}

export interface PostTable extends BaseColumns {
  id: string
  tenantId: string
  category: number | null
  postCode: string
  postName: string
  sort: number
  remark: string | null
}

export interface MenuTable {
  id: string
  /** Raised by every write (optimistic concurrency). */
  version: Generated<number>
  parentId: string
  code: string
  name: string
  alias: string
  path: string | null
  source: string | null
  sort: number
  category: number
  action: number
  isOpen: number
  remark: string | null
  isDeleted: Generated<number>
}

export interface RoleMenuTable {
  id: string
  menuId: string
  roleId: string
}

export interface TopMenuTable extends BaseColumns {
  id: string
  tenantId: string
  code: string
  name: string
  /** English name (migration 012); null = none. */
  alias: Generated<string | null>
  source: string | null
  path: string | null
  sort: number
}

export interface TopMenuSettingTable {
  id: string
  topMenuId: string
  menuId: string
}

export interface DictTable {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark: string | null
  isSealed: number
  isDeleted: Generated<number>
}

export interface DictBizTable extends DictTable {
  tenantId: string
}

export interface ParamTable extends BaseColumns {
  id: string
  /** Per tenant since migration 010; the platform's rows (000000) are every tenant's defaults. */
  tenantId: Generated<string>
  paramName: string
  paramKey: string
  paramValue: string
  remark: string | null
}

export interface NoticeTable extends BaseColumns {
  id: string
  tenantId: string
  title: string
  category: number | null
  releaseTime: string | null
  content: string | null
}

export interface LogCommon {
  id: string
  tenantId: string
  serviceId: string | null
  serverIp: string | null
  serverHost: string | null
  env: string | null
  remoteIp: string | null
  userAgent: string | null
  requestUri: string | null
  method: string | null
  methodClass: string | null
  methodName: string | null
  params: string | null
  time: string | null
  createBy: string | null
  createTime: string
}

export interface LogErrorTable extends LogCommon {
  stackTrace: string | null
  exceptionName: string | null
  message: string | null
  fileName: string | null
  lineNumber: number | null
}

export interface LogApiTable extends LogCommon {
  type: string | null
  title: string | null
}

export interface LogUsualTable extends LogCommon {
  logLevel: string | null
  logId: string | null
  logData: string | null
}

/** Single-use login captcha codes. */
export interface CaptchaTable {
  captchaKey: string
  code: string
  expiresAt: number
}

/** Issued refresh tokens, by jti: rotation and logout revoke them. */
export interface RefreshTokenTable {
  jti: string
  userId: string
  clientId: string
  expiresAt: number
  revoked: Generated<number>
  createTime: string
  /** Login session shared by the rotated tokens of one login (migration 002-auth). */
  sessionId: string | null
}

/** Failed login attempts, counted per tenant+account and per client IP. */
/** A login session (migration 010): every access token names one; logout or a dead user ends it. */
export interface SessionTable {
  sessionId: string
  userId: string
  tenantId: string
  clientId: string | null
  createTime: number
  revoked: Generated<number>
}

/** Fixed-window request counters shared by every server process (migration 010). */
export interface RateHitTable {
  rateKey: string
  windowStart: number
  hits: number
}

export interface LoginFailureTable {
  id: string
  failKey: string
  failTime: number
}

export interface SmsCodeTable {
  id: string
  tenantId: string
  phone: string
  code: string
  expiresAt: number
  used: Generated<number>
}

/** Server secrets created on first start (RSA key pair, JWT signing key), kept with the data. */
export interface ServerKeyTable {
  name: string
  value: string
}

/** Single-use download tickets (migration 010): the caller's claims for one download path. */
export interface DownloadTicketTable {
  ticketHash: string
  /** The route the ticket opens, without /api. */
  path: string
  /** JSON of the AuthUser who asked for it. */
  claims: string
  expiresAt: number
}

export interface UserOauthTable {
  id: string
  tenantId: string
  uuid: string | null
  userId: string
  source: string
  username: string | null
  nickname: string | null
  avatar: string | null
}

export interface DB
  extends
    AdminTables,
    FieldTables,
    FlowSchemaTables,
    ImportTables,
    ProductTables,
    SalesTables,
    OrderTables,
    FinanceTables,
    ReconciliationTables {
  bladeTenant: TenantTable
  bladeClient: ClientTable
  bladeUser: UserTable
  bladeRole: RoleTable
  bladeDept: DeptTable
  bladePost: PostTable
  bladeMenu: MenuTable
  bladeRoleMenu: RoleMenuTable
  bladeTopMenu: TopMenuTable
  bladeTopMenuSetting: TopMenuSettingTable
  bladeDict: DictTable
  bladeDictBiz: DictBizTable
  bladeParam: ParamTable
  bladeNotice: NoticeTable
  bladeLogError: LogErrorTable
  bladeLogApi: LogApiTable
  bladeLogUsual: LogUsualTable
  bladeCaptcha: CaptchaTable
  bladeRefreshToken: RefreshTokenTable
  bladeLoginFailure: LoginFailureTable
  bladeSession: SessionTable
  bladeRateHit: RateHitTable
  bladeSmsCode: SmsCodeTable
  bladeServerKey: ServerKeyTable
  bladeUserOauth: UserOauthTable
  bladeDownloadTicket: DownloadTicketTable
}
