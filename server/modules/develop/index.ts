// Data sources (/blade-develop/datasource): generic CRUD from the declaration plus `select` for
// dropdowns and `test-connection` (a saved one by id, or the values of an unsaved form).
import { sql } from 'kysely'
import { PLATFORM, USER } from '../../core/access.ts'
import { MASTER_DATASOURCE_ID } from '../../../src/domain/develop/model.ts'
import { datasource } from '../../../src/domain/develop/datasource.ts'
import { assertValid } from '../../crud/validation.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, type Module } from '../../core/routes.ts'
import { testConnection, type ConnectionInput } from './connection.ts'
import { codegenRoutes } from './codegen-routes.ts'

export const developModule: Module = (ctx) => [
  ...codegenRoutes(ctx),
  {
    method: 'GET',
    url: '/blade-develop/datasource/select',
    access: USER,
    handler: async () =>
      ok(
        await ctx.db
          .selectFrom('bladeDatasource')
          .select(['id', 'name', 'category', 'driverClass'])
          .where('isDeleted', '=', 0)
          .orderBy('name')
          .execute(),
      ),
  },
  {
    method: 'POST',
    url: '/blade-develop/datasource/test-connection',
    sample: {
      json: {
        category: 1,
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/test',
        username: 'postgres',
        password: 'x',
      },
    },
    // Data sources are the platform's, and a test opens a connection to any host: its administrator only.
    access: PLATFORM,
    handler: async (req) => {
      const p = {
        ...params(req),
        ...((req.body && typeof req.body === 'object' && !Array.isArray(req.body)
          ? req.body
          : {}) as Record<string, string>),
      }
      let input: ConnectionInput
      if (p.id === MASTER_DATASOURCE_ID) {
        // This server's own database: reached through its own connection, always there.
        const own =
          ctx.dialect === 'postgres'
            ? await sql<{ v: string }>`select version() as v`.execute(ctx.db)
            : await sql<{ v: string }>`select 'SQLite ' || sqlite_version() as v`.execute(ctx.db)
        return ok({ connected: true, version: own.rows[0]?.v ?? '' }, '连接成功')
      }
      if (p.id) {
        if (!isId(String(p.id))) throw badRequest('请求参数格式错误: id')
        const row = await ctx.db
          .selectFrom('bladeDatasource')
          .selectAll()
          .where('id', '=', String(p.id))
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!row) throw badRequest('数据源不存在')
        input = {
          driverClass: String(row.driverClass ?? ''),
          url: String(row.url ?? ''),
          username: row.username as string,
          password: row.password as string,
        }
      } else {
        // An unsaved form: what it carries must be what the declaration accepts (a name may be missing yet).
        assertValid(datasource, p, 'edit')
        if (!p.driverClass || !p.url) throw badRequest('请填写驱动类和连接地址')
        input = {
          driverClass: String(p.driverClass),
          url: String(p.url),
          username: p.username ? String(p.username) : undefined,
          password: p.password ? String(p.password) : undefined,
        }
      }
      try {
        return ok({ connected: true, version: await testConnection(input) }, '连接成功')
      } catch (e) {
        throw badRequest(`连接失败: ${e instanceof Error ? e.message : String(e)}`)
      }
    },
  },
]
