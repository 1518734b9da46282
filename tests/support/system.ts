// Shared by the system tests: an access token for a seeded account, signed directly with the
// server's key (the claims the token endpoint puts in, docs/contract.md §5.5).
import type { TestServer } from './test-server.ts'
import { sessionToken } from './tokens.ts'

export async function tokenFor(
  s: TestServer,
  account: string,
  tenantId = '000000',
): Promise<string> {
  const u = await s.db
    .selectFrom('bladeUser')
    .selectAll()
    .where('account', '=', account)
    .where('tenantId', '=', tenantId)
    .executeTakeFirstOrThrow()
  const roleIds = u.roleId.split(',').filter(Boolean)
  const roles = roleIds.length
    ? await s.db
        .selectFrom('bladeRole')
        .select(['id', 'roleAlias'])
        .where('id', 'in', roleIds)
        .execute()
    : []
  return sessionToken(
    s,
    {
      userId: u.id,
      tenantId: u.tenantId,
      account: u.account,
      userName: u.name ?? '',
      realName: u.realName ?? '',
      roleIds,
      roleAliases: roleIds.map((id) => roles.find((r) => r.id === id)?.roleAlias ?? ''),
      deptIds: u.deptId.split(',').filter(Boolean),
      postId: u.postId,
      oauthId: '',
      clientId: 'saber',
    },
    3600,
  )
}

export interface MenuNode {
  id: string
  parentId: string
  code: string
  path: string
  category: number
  children?: MenuNode[]
}

/** Every code in a menu forest, depth first. */
export function codesOf(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])])
}
