// The code generator's tests start from a fresh table of the server's own database.
import { sql } from 'kysely'

/** A table as a developer of this business would add it: tenant, audit columns, a few of each type. */
export const VISIT_TABLE = sql`create table dmr_shop_visit (
  id varchar(20) primary key, tenant_id varchar(12) not null default '000000',
  shop_name varchar(64) not null, visit_count integer, amount numeric(18, 2), visit_date varchar(19), note text,
  create_user varchar(20), create_dept varchar(20), create_time varchar(19), update_user varchar(20), update_time varchar(19),
  status integer not null default 1, is_deleted integer not null default 0, version integer not null default 1)`

/** A tree table: shop areas within areas. */
export const AREA_TABLE = sql`create table dmr_shop_area (
  id varchar(20) primary key, tenant_id varchar(12) not null default '000000', parent_id varchar(20), area_name varchar(64) not null,
  create_user varchar(20), create_dept varchar(20), create_time varchar(19), update_user varchar(20), update_time varchar(19),
  status integer not null default 1, is_deleted integer not null default 0, version integer not null default 1)`

/** A master and its lines: a shop's purchase orders, each with the SKUs ordered. */
export const PURCHASE_TABLE = sql`create table dmr_shop_purchase (
  id varchar(20) primary key, tenant_id varchar(12) not null default '000000', purchase_no varchar(32) not null, supplier varchar(64),
  create_user varchar(20), create_dept varchar(20), create_time varchar(19), update_user varchar(20), update_time varchar(19),
  status integer not null default 1, is_deleted integer not null default 0, version integer not null default 1)`
export const PURCHASE_LINE_TABLE = sql`create table dmr_shop_purchase_line (
  id varchar(20) primary key, tenant_id varchar(12) not null default '000000', purchase_id varchar(20) not null,
  sku_no varchar(64) not null, quantity integer, price numeric(18, 2))`

/**
 * Generated code without its layout (whitespace, and the trailing commas a broken line gets or a
 * list's last item lacks), so a test holds what a file says, whichever lines the formatter chose.
 */
export const codeText = (text: string): string =>
  text
    .replace(/\s+/g, '')
    .replace(/,([}\])])/g, '$1')
    .replace(/,$/, '')
