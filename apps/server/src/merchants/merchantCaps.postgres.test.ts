import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiKeys, links } from '../db/schema.js'
import { canStartTestPostgres } from '../testing/testPostgres.js'
import { offlineAssets, signInSolana, testOrigin } from '../testing/offlineApp.js'
import { useTwoOfflineProcesses } from '../testing/offlineProcesses.js'

// Two pools on one Postgres stand for two server processes racing for the last places.
describe.skipIf(!canStartTestPostgres())('per-merchant caps across processes (Postgres)', () => {
  const processes = useTwoOfflineProcesses({
    limits: { maxOpenLinksPerMerchant: 3, maxApiKeysPerMerchant: 2 },
    siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
  })

  it('20 concurrent creations through two processes never pass the caps', async () => {
    const { apps, databases } = processes
    const { cookie, merchantId } = await signInSolana(apps[0]!)
    const headers = { cookie, origin: testOrigin }
    const body = {
      title: 'Race',
      options: [{ asset: offlineAssets[0]!.assetId, amount: '1', recipient: `0x${'2'.repeat(40)}` }],
    }
    const linkAnswers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: '/api/links', headers, payload: body }),
      ),
    )
    expect(linkAnswers.filter((r) => r.statusCode === 201)).toHaveLength(3)
    // Every other answer is the cap's refusal: 17 of them, each 409 TOO_MANY_OPEN_LINKS.
    expect(
      linkAnswers
        .filter((r) => r.statusCode !== 201)
        .map((r) => [r.statusCode, r.json<{ error: { code: string } }>().error.code]),
    ).toEqual(Array(17).fill([409, 'TOO_MANY_OPEN_LINKS']))
    expect(
      (await databases[0]!.db.select({ n: count() }).from(links).where(eq(links.merchant, merchantId)))[0]!.n,
    ).toBe(3)

    const keyAnswers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: `k${i}` } }),
      ),
    )
    expect(keyAnswers.filter((r) => r.statusCode === 201)).toHaveLength(2)
    expect(keyAnswers.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual(Array(18).fill(409))
    expect(
      (
        await databases[0]!.db
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.merchant, merchantId), isNull(apiKeys.revokedAt)))
      )[0]!.n,
    ).toBe(2)
  })
})
