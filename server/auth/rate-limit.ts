// Request rate limits per key (bucket + client IP), counted in the database in one-minute windows,
// so that every server process behind a load balancer shares one count. The count is a sliding
// window: the previous minute's hits weigh by the share of it still inside the last 60 seconds, so
// a burst across the turn of a minute is refused like one inside it (fixed windows let twice the
// limit through there).
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export interface RateLimiter {
  /** Records a hit; false when the key is already over its limit for the window. */
  hit(key: string, at?: number): Promise<boolean>
}

export function createRateLimiter(db: Kysely<DB>, limit: number, windowMs = 60_000): RateLimiter {
  return {
    async hit(key, at = Date.now()) {
      const windowStart = Math.floor(at / windowMs) * windowMs
      const row = await db
        .insertInto('bladeRateHit')
        .values({ rateKey: key.slice(0, 255), windowStart, hits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['rateKey', 'windowStart'])
            .doUpdateSet((eb) => ({ hits: eb(eb.ref('bladeRateHit.hits'), '+', 1) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow()
      // The first hit of a window sweeps the windows that can no longer count.
      if (Number(row.hits) === 1)
        await db
          .deleteFrom('bladeRateHit')
          .where('windowStart', '<', windowStart - windowMs)
          .execute()
      if (Number(row.hits) > limit) return false
      const previous = await db
        .selectFrom('bladeRateHit')
        .select('hits')
        .where('rateKey', '=', key.slice(0, 255))
        .where('windowStart', '=', windowStart - windowMs)
        .executeTakeFirst()
      const stillInside = 1 - (at - windowStart) / windowMs
      return Number(previous?.hits ?? 0) * stillInside + Number(row.hits) <= limit
    },
  }
}
