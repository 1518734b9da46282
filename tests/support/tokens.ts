// Access tokens for tests that need a caller the seed does not have (a role with chosen buttons):
// the user row is made if missing and a real login session is opened, since the server checks
// both on every request.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuthUser } from '../../server/auth/context.ts'
import { signAccessToken } from '../../server/auth/jwt.ts'
import { openSession } from '../../server/auth/session.ts'
import type { DB } from '../../server/db/schema.ts'

export type TokenUser = Omit<AuthUser, 'sessionId'>

export async function sessionToken(
  s: { db: Kysely<DB>; keys: { jwtSecret: Uint8Array } },
  user: TokenUser,
  ttlSeconds = 3600,
): Promise<string> {
  const existing = await s.db
    .selectFrom('bladeUser')
    .select('id')
    .where('id', '=', user.userId)
    .executeTakeFirst()
  if (!existing) {
    await s.db
      .insertInto('bladeUser')
      .values({
        id: user.userId,
        tenantId: user.tenantId,
        code: user.account,
        account: user.account,
        password: 'not-a-hash',
        name: user.userName,
        realName: user.realName,
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        roleId: user.roleIds.join(','),
        deptId: user.deptIds.join(','),
        postId: user.postId,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
  }
  const sessionId = randomUUID()
  await openSession(s.db, {
    sessionId,
    userId: user.userId,
    tenantId: user.tenantId,
    clientId: user.clientId,
  })
  return signAccessToken({ ...user, sessionId }, s.keys.jwtSecret, ttlSeconds)
}
