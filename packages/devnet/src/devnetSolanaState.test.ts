import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDevnet } from './devnet.js'

const stateDir = mkdtempSync(join(tmpdir(), 'paylink-devnet-solana-'))
afterAll(() => rmSync(stateDir, { recursive: true, force: true }))

describe('startDevnet with a state directory: the Solana chain', () => {
  it('keeps its chain in solana.json across a restart, and a reset makes a new one', async () => {
    const first = await startDevnet({ stateDir })
    const { caipNetworkId, mint } = first.solana!
    await first.stop()
    expect(existsSync(join(stateDir, 'solana.json'))).toBe(true)

    const again = await startDevnet({ stateDir })
    expect(again.solana).toMatchObject({ caipNetworkId, mint })
    await again.stop()

    const reset = await startDevnet({ stateDir, reset: true })
    expect(reset.solana!.caipNetworkId).not.toBe(caipNetworkId)
    expect(reset.solana!.mint).not.toBe(mint)
    await reset.stop()
  }, 90_000)
})
