import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { getLink } from './readLinks.js'
import { useHarnessSuite } from '../testing/paymentLinksHarness.js'

const suite = useHarnessSuite()

describe('the public link read keeps rows while the version stands', () => {
  it('serves held rows until the version moves, then reads the database again', async () => {
    const created = await suite.h.createLink(suite.app, { title: 'Cached', options: [{ asset: suite.h.assets.tusd, amount: '1' }] })
    expect((await getLink(suite.database.db, created.id))?.title).toBe('Cached')

    // A write that (against the rules) leaves the version alone is not seen: the rows are held.
    await suite.database.db.update(links).set({ title: 'Changed quietly' }).where(eq(links.id, created.id))
    expect((await getLink(suite.database.db, created.id))?.title).toBe('Cached')

    // Every real change bumps the version, whichever process makes it: then it is read again.
    await suite.database.db
      .update(links)
      .set({ title: 'Changed', version: sql`${links.version} + 1` })
      .where(eq(links.id, created.id))
    expect((await getLink(suite.database.db, created.id))?.title).toBe('Changed')
  })

  it('computes the clock-dependent status at each read, not from the held copy', async () => {
    const created = await suite.h.createLink(suite.app, { title: 'Expiring', options: [{ asset: suite.h.assets.tusd, amount: '1' }], expiresInSeconds: 60 })
    expect((await getLink(suite.database.db, created.id))?.status).toBe('open')
    expect((await getLink(suite.database.db, created.id, new Date(Date.now() + 120_000)))?.status).toBe('expired')
  })

  it('a payment shows up on the next read (its submission bumps the version)', async () => {
    const created = await suite.h.createLink(suite.app, { title: 'Paid soon', options: [{ asset: suite.h.assets.eth, amount: '0.001' }] })
    expect((await getLink(suite.database.db, created.id))?.payments).toHaveLength(0)
    const hash = await suite.h.payEth({ to: created.options[0]!.recipient as `0x${string}`, amount: '0.001' })
    await suite.h.submit(suite.app, created.id, hash)
    expect((await getLink(suite.database.db, created.id))?.payments).toHaveLength(1)
  })

  it('a link that does not exist is null', async () => {
    expect(await getLink(suite.database.db, 'lnk_missing')).toBeNull()
  })
})
