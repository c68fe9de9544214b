import { createPublicClient, erc20Abi, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startDevnet, type Devnet } from './devnet.js'
import { devWalletSolanaKey } from '@paylink/chains/solana/devnet/wallet'

describe('startDevnet', () => {
  let devnet: Devnet
  let startMs = 0

  beforeAll(async () => {
    const started = performance.now()
    devnet = await startDevnet()
    startMs = performance.now() - started
  })
  afterAll(() => devnet?.stop())

  it('starts quickly', () => {
    // A first start waits for the Solana funding to finalize (8 slots of 400 ms): about 3.5 s.
    expect(startMs).toBeLessThan(8000)
  })

  it('runs the Solana devnet with the Dev Wallet accounts funded in SOL and Test USD', async () => {
    const solana = devnet.solana!
    expect(solana.caipNetworkId).toBe(`solana:${solana.genesisHash.slice(0, 32)}`)
    expect(solana.accounts).toEqual([devWalletSolanaKey(0).address, devWalletSolanaKey(1).address])
    const rpc = async (method: string, params: unknown[]) => {
      const response = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return ((await response.json()) as { result: { value: unknown } }).result.value
    }
    for (const account of solana.accounts) {
      expect(await rpc('getBalance', [account])).toBe(100_000_000_000)
      const tokenAccounts = (await rpc('getTokenAccountsByOwner', [
        account,
        { mint: solana.mint },
        { encoding: 'jsonParsed' },
      ])) as Array<{
        account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } }
      }>
      expect(tokenAccounts.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['10000000000'])
    }
  })

  it('runs both chains, answering their chain ids', async () => {
    expect(devnet.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
      { chainId: 31337, name: 'Paylink Devnet' },
      { chainId: 31338, name: 'Paylink Devnet L2' },
    ])
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getChainId()).toBe(chain.chainId)
    }
  })

  it('funds anvil default accounts with 10000 ETH on both chains', async () => {
    expect(devnet.accounts).toHaveLength(10)
    expect(devnet.accounts[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getBalance({ address: devnet.accounts[0]! })).toBe(parseEther('10000'))
    }
  })

  it('deploys TUSD (6 decimals) on 31337 with 10000 TUSD per account', async () => {
    expect(devnet.token).toMatchObject({ chainId: 31337, symbol: 'TUSD', name: 'Test USD', decimals: 6 })
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const token = { address: devnet.token.address, abi: erc20Abi } as const
    expect(await client.readContract({ ...token, functionName: 'decimals' })).toBe(6)
    expect(await client.readContract({ ...token, functionName: 'symbol' })).toBe('TUSD')
    expect(await client.readContract({ ...token, functionName: 'name' })).toBe('Test USD')
    for (const account of devnet.accounts) {
      expect(await client.readContract({ ...token, functionName: 'balanceOf', args: [account] })).toBe(10_000_000_000n)
    }
    expect(await client.readContract({ ...token, functionName: 'totalSupply' })).toBe(100_000_000_000n)
  })

  it('stop() shuts every node down', async () => {
    const other = await startDevnet()
    await other.stop()
    for (const rpcUrl of [...other.chains.map((chain) => chain.rpcUrl), other.solana!.rpcUrl]) {
      await expect(fetch(rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
    }
  })
})
