// Our own orders with their item lines, fee options and TK fees, and the role grants of the order
// screens corrected on databases seeded before them (the change is written out below). orderNo is unique per tenant among live rows; the lines are read by order (detail) and
// by time and SKU ("what sold").
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    tenant(id(s.createTable('dmr_order')))
      .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('order_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('channel', 'varchar(64)')
      .addColumn('order_status', 'varchar(64)')
      .addColumn('buyer_name', 'varchar(100)')
      .addColumn('buyer_phone', 'varchar(20)')
      .addColumn('province', 'varchar(100)')
      .addColumn('address', 'varchar(500)')
      .addColumn('shipping_fee', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('order_amount', 'numeric(16, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_order_tenant_no_live')
    .on('dmr_order')
    .columns(['tenant_id', 'order_no'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()

  // A line copies its order's tenant, time and number (set on every write of the order): the
  // "what sold" list filters and sorts by them without a join.
  await tenant(id(s.createTable('dmr_order_item')))
    .addColumn('order_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('sku_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('amount', 'numeric(16, 2)', (c) => c.notNull())
    .execute()
  await s
    .createIndex('ix_order_item_order')
    .on('dmr_order_item')
    .columns(['order_id', 'line_no'])
    .execute()
  await s
    .createIndex('ix_order_item_tenant_time')
    .on('dmr_order_item')
    .columns(['tenant_id', 'order_time'])
    .execute()
  await s
    .createIndex('ix_order_item_tenant_sku_time')
    .on('dmr_order_item')
    .columns(['tenant_id', 'sku_no', 'order_time'])
    .execute()

  await base(
    tenant(id(s.createTable('dmr_fee_option')))
      .addColumn('fee_option_en', 'varchar(100)')
      .addColumn('fee_oprion_cn', 'varchar(100)')
      .addColumn('fee_explan_en', 'varchar(1000)')
      .addColumn('fee_explan_cn', 'varchar(1000)')
      .addColumn('fee_formula_en', 'varchar(500)')
      .addColumn('fee_formula_cn', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await base(
    tenant(id(s.createTable('dmr_tk_fee')))
      .addColumn('fee_month', 'varchar(7)', (c) => c.notNull())
      .addColumn('fee_option_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(64)')
      .addColumn('fee_amount', 'numeric(14, 2)', (c) => c.notNull())
      .addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await applyGrantChanges(db)
}

/**
 * The grant change, per role alias of the platform tenant: the menu and button codes its new grants
 * cover that the old ones did not, and the reverse, as the seed's menu tree expanded them when this
 * migration was written (office gains the TK monthly summary and TK fees; finance keeps the TK fees
 * and no longer views the order screens).
 */
const GRANT_CHANGES: { role: string; added: string[]; taken: string[] }[] = [
  {
    role: 'office',
    added: [
      'tk_order_month',
      'tk_order_month_view',
      'tk_order_month_export',
      'tk_fee',
      'tk_fee_add',
      'tk_fee_edit',
      'tk_fee_delete',
      'tk_fee_view',
      'tk_fee_export',
    ],
    taken: [],
  },
  {
    role: 'finance',
    added: ['tk_fee_add', 'tk_fee_edit', 'tk_fee_delete'],
    taken: [
      'order_manage',
      'order',
      'order_view',
      'order_export',
      'tk_order',
      'tk_order_view',
      'tk_order_export',
      'fee_option',
      'fee_option_view',
    ],
  },
]

/** The tables the grant change reads and writes (camelCase, as the database's plugin maps them). */
interface GrantTables {
  bladeRole: { id: string; roleAlias: string; tenantId: string; isDeleted: number }
  bladeMenu: { id: string; code: string }
  bladeRoleMenu: { id: string; roleId: string; menuId: string }
}

/** The seed's id of a row (server/seed/stable-id.ts): '19' and 17 digits of its SHA-256. */
async function stableId(kind: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${kind}:${key}`))
  const first8 = new DataView(digest).getBigUint64(0)
  return `19${(first8 % 10n ** 17n).toString().padStart(17, '0')}`
}

/**
 * Grants the added codes a seeded role lacks and deletes the taken ones' rows the seed made (their
 * stable id), so a grant an administrator made by hand stays; nothing when the database is not
 * seeded yet (a new database: the seed grants today's menus).
 */
async function applyGrantChanges(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as Kysely<GrantTables>
  const roles = await db
    .selectFrom('bladeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', '000000')
    .where('isDeleted', '=', 0)
    .execute()
  if (roles.length === 0) return
  const menus = await db.selectFrom('bladeMenu').select(['id', 'code']).execute()
  const idOf = new Map(menus.map((m) => [m.code, m.id]))
  for (const change of GRANT_CHANGES) {
    for (const role of roles.filter((r) => r.roleAlias === change.role)) {
      const have = new Set(
        (
          await db
            .selectFrom('bladeRoleMenu')
            .select('menuId')
            .where('roleId', '=', role.id)
            .execute()
        ).map((r) => r.menuId),
      )
      const added = change.added
        .map((c) => idOf.get(c))
        .filter((id): id is string => !!id && !have.has(id))
      if (added.length)
        await db
          .insertInto('bladeRoleMenu')
          .values(
            await Promise.all(
              added.map(async (menuId) => ({
                id: await stableId('role_menu', `${role.id}:${menuId}`),
                roleId: role.id,
                menuId,
              })),
            ),
          )
          .execute()
      const taken = change.taken.map((c) => idOf.get(c)).filter((id): id is string => !!id)
      const seededRows = await Promise.all(
        taken.map((menuId) => stableId('role_menu', `${role.id}:${menuId}`)),
      )
      if (seededRows.length)
        await db
          .deleteFrom('bladeRoleMenu')
          .where('roleId', '=', role.id)
          .where('id', 'in', seededRows)
          .execute()
    }
  }
}
