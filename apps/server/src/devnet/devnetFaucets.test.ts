import { startDevnet, type Devnet } from '@paylink/devnet'
import { createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestFaucet } from './devnetFaucet.js'
import { devnetFaucets } from './devnetFaucets.js'
import { devnetNetworks } from './devnetNetworks.js'

// The faucet registry against the real devnet: anvil for EVM, the litesvm devnet for Solana.
let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
}, 60_000)
afterAll(() => devnet?.stop())

const someone = '0x000000000000000000000000000000000000dEaD'

describe('devnet faucets', () => {
  it('EVM: raises the ETH balance without a transaction, sends Test USD in one', async () => {
    const faucets = devnetFaucets(devnet, devnetNetworks(devnet).upstreams)
    const client = createPublicClient({ transport: http(devnet.chains[1]!.rpcUrl) })
    const before = await client.getBalance({ address: someone })
    const eth = await requestFaucet(faucets, { asset: 'eip155:31338/slip44:60', address: someone, amount: '2.5' })
    expect(eth.transactionId).toBeNull()
    expect((await client.getBalance({ address: someone })) - before).toBe(2_500_000_000_000_000_000n)

    const token = `eip155:31337/erc20:${devnet.token.address}`
    const tusd = await requestFaucet(faucets, { asset: token, address: someone, amount: '12.5' })
    expect(tusd.transactionId).toMatch(/^0x[0-9a-f]{64}$/)
    const l1 = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    expect(
      await l1.readContract({
        address: devnet.token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(12_500_000n)
  })

  it('Solana: sends SOL and Test USD in real transactions', async () => {
    const solana = devnet.solana!
    const faucets = devnetFaucets(devnet, devnetNetworks(devnet).upstreams)
    const to = solana.accounts[1]!
    const rpc = async (method: string, params: unknown[]) => {
      const response = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return ((await response.json()) as { result: unknown }).result
    }
    const sol = await requestFaucet(faucets, { asset: `${solana.caipNetworkId}/slip44:501`, address: to, amount: '3' })
    const tusd = await requestFaucet(faucets, {
      asset: `${solana.caipNetworkId}/token:${solana.mint}`,
      address: to,
      amount: '7.25',
    })
    for (const answer of [sol, tusd]) expect(answer.transactionId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const deadline = Date.now() + 20_000
    let statuses: Array<{ confirmationStatus: string } | null> = []
    while (Date.now() < deadline) {
      statuses = (
        (await rpc('getSignatureStatuses', [[sol.transactionId, tusd.transactionId]])) as { value: typeof statuses }
      ).value
      if (statuses.every((s) => s?.confirmationStatus === 'confirmed' || s?.confirmationStatus === 'finalized')) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(await rpc('getBalance', [to, { commitment: 'confirmed' }])).toMatchObject({ value: 103_000_000_000 })
    const [tokenAccount] = (
      (await rpc('getTokenAccountsByOwner', [to, { mint: solana.mint }, { commitment: 'confirmed' }])) as {
        value: Array<{ pubkey: string }>
      }
    ).value
    expect(await rpc('getTokenAccountBalance', [tokenAccount!.pubkey, { commitment: 'confirmed' }])).toMatchObject({
      value: { amount: '10007250000' },
    })
  })
})
