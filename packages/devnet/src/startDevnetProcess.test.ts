import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DevnetError } from './errors.js'
import { startDevnetProcess } from './startDevnetProcess.js'

const stateDir = mkdtempSync(join(tmpdir(), 'paylink-devnet-process-'))
afterAll(() => rmSync(stateDir, { recursive: true, force: true }))

// A child Node process (through tsx) and two anvils start per test: minutes on a loaded 2-core machine.
const slow = 180_000

const someone = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const text = async (url: string) => {
  const response = await fetch(url)
  expect(response.ok, `${url}: HTTP ${response.status}`).toBe(true)
  return response.text()
}

describe('startDevnetProcess', () => {
  it(
    'runs the chains in a child process: their data, faucet and mining over IPC, and they end on stop',
    async () => {
      const devnet = await startDevnetProcess({ stateDir, solana: false, bitcoin: { blockIntervalMs: 0 } })
      let stopped = false
      try {
        expect(devnet.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
        expect(devnet.token).toMatchObject({ symbol: 'TUSD', decimals: 6 })
        expect(devnet.solana).toBeUndefined()
        const bitcoin = devnet.bitcoin!
        expect(bitcoin).toMatchObject({ caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', blockIntervalMs: 0 })
        // A bigint crosses the channel exactly, and the answers are the child's own.
        const txid = await bitcoin.faucet(someone, 50_001n)
        const [block] = await bitcoin.mine(1)
        expect(await text(`${bitcoin.esploraUrl}/blocks/tip/hash`)).toBe(block)
        const tx = JSON.parse(await text(`${bitcoin.esploraUrl}/tx/${txid}`)) as {
          vout: Array<{ value: number; scriptpubkey_address?: string }>
        }
        expect(tx.vout.find((out) => out.scriptpubkey_address === someone)?.value).toBe(50_001)
        // An error in the child comes back as an error here.
        await expect(bitcoin.mine(0)).rejects.toThrow()
        await devnet.stop()
        stopped = true
        await expect(fetch(devnet.chains[0]!.rpcUrl, { method: 'POST' })).rejects.toThrow()
        await expect(bitcoin.mine(1)).rejects.toThrow(/not running/)
      } finally {
        if (!stopped) await devnet.stop()
      }
    },
    slow,
  )

  it(
    'rejects with a DevnetError when the state cannot be used, as startDevnet does',
    async () => {
      const busy = await startDevnetProcess({ stateDir, solana: false, bitcoin: { blockIntervalMs: 0 } })
      try {
        await expect(
          startDevnetProcess({ stateDir, reset: true, solana: false, bitcoin: false }),
        ).rejects.toBeInstanceOf(DevnetError)
      } finally {
        await busy.stop()
      }
    },
    slow,
  )
})
