// Kysely table types. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
// Ids are 64-bit numbers kept as decimal strings; dates are 'yyyy-MM-dd HH:mm:ss' strings. The
// tables an entity declares are typed from the migrations by scripts/storage-types.ts
// (schema-declared.gen.ts); the ones written here are the server's own, which no entity declares.
import type { Generated } from 'kysely'
import type { DeclaredTables } from './schema-declared.gen.ts'
import type { SchedulerTables } from './schema-scheduler.ts'
import type { AdminTables } from './schema-admin.ts'
import type { FlowSchemaTables } from './schema-flow.ts'
import type { ImportTables } from './schema-import.ts'
import type { OrderTables } from './schema-orders.ts'

export type * from './schema-declared.gen.ts'

interface RoleMenuTable {
  id: string
  menuId: string
  roleId: string
}

interface TopMenuSettingTable {
  id: string
  topMenuId: string
  menuId: string
}

/** Single-use login captcha codes. */
interface CaptchaTable {
  captchaKey: string
  code: string
  expiresAt: number
}

/** Issued refresh tokens, by jti: rotation and logout revoke them. */
interface RefreshTokenTable {
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
interface SessionTable {
  sessionId: string
  userId: string
  tenantId: string
  clientId: string | null
  createTime: number
  revoked: Generated<number>
}

/** Fixed-window request counters shared by every server process (migration 010). */
interface RateHitTable {
  rateKey: string
  windowStart: number
  hits: number
}

interface LoginFailureTable {
  id: string
  failKey: string
  failTime: number
}

interface SmsCodeTable {
  id: string
  tenantId: string
  phone: string
  code: string
  expiresAt: number
  used: Generated<number>
}

/** Server secrets created on first start (RSA key pair, JWT signing key), kept with the data. */
interface ServerKeyTable {
  name: string
  value: string
}

/** Single-use download tickets (migration 010): the caller's claims for one download path. */
interface DownloadTicketTable {
  ticketHash: string
  /** The route the ticket opens, without /api. */
  path: string
  /** JSON of the AuthUser who asked for it. */
  claims: string
  expiresAt: number
}

interface UserOauthTable {
  id: string
  tenantId: string
  uuid: string | null
  userId: string
  source: string
  username: string | null
  nickname: string | null
  avatar: string | null
}

/** The scheduler's own tables; its jobs are a declared table (the engine reads them as JobRow). */
type SchedulerRunTables = Omit<SchedulerTables, 'bladeJobInfo'>

export interface DB
  extends
    DeclaredTables,
    AdminTables,
    FlowSchemaTables,
    ImportTables,
    OrderTables,
    SchedulerRunTables {
  bladeRoleMenu: RoleMenuTable
  bladeTopMenuSetting: TopMenuSettingTable
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
