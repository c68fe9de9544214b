import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { bearer, merchantApiKey } from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { useTwoOfflineProcesses } from '../testing/offlineProcesses.js'
import { canStartTestPostgres } from '../testing/testPostgres.js'

// Two pools on one Postgres stand for two server processes receiving a client's retries at once.
describe.skipIf(!canStartTestPostgres())('Idempotency-Key across processes (Postgres)', () => {
  const processes = useTwoOfflineProcesses()

  it('six concurrent requests with one key on two processes make one link and all get its answer', async () => {
    const { apps, databases } = processes
    const apiKey = await merchantApiKey(databases[0]!, 'race')
    const payload = { title: 'Raced order', options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }] }
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/links',
          headers: { ...bearer(apiKey), 'idempotency-key': 'order-race' },
          payload,
        }),
      ),
    )
    // The later ones wait for the first (up to 5 s) rather than answer 409 IDEMPOTENCY_KEY_IN_USE.
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201))
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1)
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5)
    expect(
      (await databases[1]!.db.select({ n: count() }).from(links).where(eq(links.title, 'Raced order')))[0]!.n,
    ).toBe(1)
  })
})
