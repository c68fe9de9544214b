import type { Link } from '@paylink/shared'
import { expect } from 'vitest'
import type { FaultProxy } from './startFaultProxy.js'

/** Faults the proxy has injected so far, the outage's failed requests left out. */
export function faultsInjected(proxy: FaultProxy): number {
  return Object.entries(proxy.injected).reduce((sum, [kind, count]) => (kind === 'outage' ? sum : sum + count), 0)
}

/** Waits up to `ms` for more than 3 faults (a seed may draw few in a short phase). */
export async function untilFaulted(proxy: FaultProxy, ms = 30_000): Promise<void> {
  for (const until = Date.now() + ms; faultsInjected(proxy) <= 3 && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 100))
}

/** The link once paid, or as it is after `ms`. */
export async function paidWithin(read: (id: string) => Promise<Link>, id: string, ms: number): Promise<Link> {
  const until = Date.now() + ms
  for (;;) {
    const link = await read(id)
    if (link.status === 'paid' || Date.now() > until) return link
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Each link paid within 30 s, credited once with its amount; the unpaid one still open; and the
 * proxy did fault (an outage and more than 3 other faults), so the run tested something.
 */
export async function expectPaidOnceUnderFaults(
  made: ReadonlyArray<{ link: { id: string }; amount: string }>,
  unpaidId: string,
  read: (id: string) => Promise<Link>,
  proxy: FaultProxy,
): Promise<void> {
  for (const { link, amount } of made) {
    const after = await paidWithin(read, link.id, 30_000)
    expect(after.status, `${amount} paid: ${JSON.stringify(after.payments)}`).toBe('paid')
    expect(after.payments, 'credited once').toHaveLength(1)
    expect(after.payments[0]).toMatchObject({ status: 'confirmed', amount })
  }
  expect((await read(unpaidId)).status).toBe('open')
  expect(proxy.injected.outage ?? 0).toBeGreaterThan(0)
  expect(faultsInjected(proxy), `faults: ${JSON.stringify(proxy.injected)}`).toBeGreaterThan(3)
}
