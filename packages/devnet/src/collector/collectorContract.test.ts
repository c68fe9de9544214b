import { readFileSync } from 'node:fs'
import {
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  http,
  keccak256,
  toHex,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { collectorArtifactPath, compileCollectorContract, serializeArtifact } from '../../scripts/compile.js'
import {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_COLLECTOR_ADDRESS,
  collectorAbi,
  collectorBytecode,
} from '@paylink/chains/eip155/core'
import { deployCollector } from '@paylink/chains/eip155/devnet'
import { startTestUsdAnvil, type TestUsdAnvil } from '../testing/testUsdAnvil.js'

/** An ABI without what only solc writes (internalType, false flags, empty names), keys and items sorted: two spellings of one interface compare equal. */
const comparable = (abi: Abi) => {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(
                ([key, v]) =>
                  key !== 'internalType' &&
                  !(['anonymous', 'indexed'].includes(key) && v === false) &&
                  !(key === 'name' && v === ''),
              )
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, v]) => [key, canonical(v)]),
          )
        : value
  return abi.map((item) => JSON.stringify(canonical(item))).sort()
}

describe('collector contract artifact', () => {
  it('packages/chains/src/eip155/core/contracts/PaylinkCollector.json matches a fresh compile (run packages/devnet/scripts/compile.ts if not)', () => {
    const fresh = compileCollectorContract()
    expect(readFileSync(collectorArtifactPath, 'utf8')).toBe(serializeArtifact(fresh))
    expect(comparable(collectorAbi)).toEqual(comparable(fresh.abi as Abi))
  }, 60_000)

  it('the exported collector address is the proxy CREATE2 address of the artifact (salt 0)', () => {
    expect(
      getContractAddress({
        opcode: 'CREATE2',
        from: DETERMINISTIC_DEPLOYMENT_PROXY,
        salt: zeroHash,
        bytecode: collectorBytecode,
      }),
    ).toBe(PAYLINK_COLLECTOR_ADDRESS)
  })
})

describe('PaylinkCollector on anvil', () => {
  const DAY = 86_400n
  const PRICE = 5_000_000n // 5 TUSD
  let chain: TestUsdAnvil
  let token: Address
  let payer: Address
  let merchant: Address
  let collector: Address
  let stranger: Address
  const balance = (address: Address) => chain.tokenBalance(address)
  const now = async () => (await chain.publicClient.getBlock()).timestamp
  const advance = async (seconds: bigint) => {
    const test = createTestClient({ transport: http(chain.anvil.rpcUrl), mode: 'anvil' })
    await test.increaseTime({ seconds: Number(seconds) })
    await test.mine({ blocks: 1 })
  }
  const subscribe = async (id: Hex, firstCollectAt: bigint, allowance: bigint) => {
    await payerCall(
      encodeFunctionData({
        abi: collectorAbi,
        functionName: 'subscribe',
        args: [id, token, merchant, collector, PRICE, DAY * 30n, firstCollectAt],
      }),
    )
    await approve(allowance)
  }
  /** The payer's own transaction to the contract (its calldata typed by encodeFunctionData). */
  const payerCall = async (data: Hex) =>
    chain.mined(await chain.wallet(payer).sendTransaction({ chain: null, to: PAYLINK_COLLECTOR_ADDRESS, data }))
  const approve = async (allowance: bigint) =>
    chain.mined(
      await chain.wallet(payer).writeContract({
        chain: null,
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [PAYLINK_COLLECTOR_ADDRESS, allowance],
      }),
    )
  /** The collector's call as a simulation: resolves when the contract would accept it, rejects with its reason. */
  const tryCollect = (id: Hex, to: Address, amount: bigint, from = collector) =>
    chain.publicClient.simulateContract({
      account: from,
      address: PAYLINK_COLLECTOR_ADDRESS,
      abi: collectorAbi,
      functionName: 'collect',
      args: [id, to, amount],
    })
  const collect = async (id: Hex, to: Address, amount: bigint) => {
    const { request } = await tryCollect(id, to, amount)
    const receipt = await chain.mined(await chain.wallet(collector).writeContract({ ...request, chain: null }))
    expect(receipt.status).toBe('success')
    return receipt
  }

  beforeAll(async () => {
    chain = await startTestUsdAnvil(4301)
    const { accounts } = chain
    ;[payer, merchant, collector, stranger] = [accounts[1]!, accounts[2]!, accounts[3]!, accounts[4]!]
    token = chain.token
    expect(await deployCollector({ rpcUrl: chain.anvil.rpcUrl, from: accounts[0]! })).toEqual({
      address: PAYLINK_COLLECTOR_ADDRESS,
      deployed: true,
    })
  }, 60_000)
  afterAll(async () => {
    await chain?.anvil.stop()
  })

  it('takes the price payer → merchant once per period, never above the cap, never elsewhere, never after cancel', async () => {
    const id = keccak256(toHex('sub_one'))
    await subscribe(id, (await now()) + DAY, PRICE * 10n)

    // Before the first period is due: refused.
    await expect(tryCollect(id, merchant, PRICE)).rejects.toThrow(/period not due/)
    await advance(DAY)

    // Above the cap, to another address, by someone else than the collector: each refused.
    await expect(tryCollect(id, merchant, PRICE + 1n)).rejects.toThrow(/above the cap/)
    await expect(tryCollect(id, stranger, PRICE)).rejects.toThrow(/not the merchant/)
    await expect(tryCollect(id, collector, PRICE)).rejects.toThrow(/not the merchant/)
    await expect(tryCollect(id, merchant, PRICE, stranger)).rejects.toThrow(/not the collector/)

    const [payerBefore, merchantBefore, collectorBefore] = await Promise.all([
      balance(payer),
      balance(merchant),
      balance(collector),
    ])
    await collect(id, merchant, PRICE)
    expect(await balance(payer)).toBe(payerBefore - PRICE)
    expect(await balance(merchant)).toBe(merchantBefore + PRICE)
    expect(await balance(collector)).toBe(collectorBefore)
    expect(await balance(PAYLINK_COLLECTOR_ADDRESS)).toBe(0n)

    // A second pull in the same period: refused, even a day later.
    await expect(tryCollect(id, merchant, PRICE)).rejects.toThrow(/period not due/)
    await advance(DAY)
    await expect(tryCollect(id, merchant, 1n)).rejects.toThrow(/period not due/)

    // The next period: allowed again.
    await advance(DAY * 29n)
    await collect(id, merchant, PRICE)
    expect(await balance(merchant)).toBe(merchantBefore + 2n * PRICE)

    // The payer cancels: nothing more, even periods later; only the payer can cancel.
    await expect(
      chain.publicClient.simulateContract({
        account: collector,
        address: PAYLINK_COLLECTOR_ADDRESS,
        abi: collectorAbi,
        functionName: 'cancel',
        args: [id],
      }),
    ).rejects.toThrow(/not the payer/)
    await payerCall(encodeFunctionData({ abi: collectorAbi, functionName: 'cancel', args: [id] }))
    await advance(DAY * 60n)
    await expect(tryCollect(id, merchant, PRICE)).rejects.toThrow(/canceled/)
    expect(await balance(merchant)).toBe(merchantBefore + 2n * PRICE)
  })

  it('a taken id keeps its terms; a revoked allowance stops the pull', async () => {
    const id = keccak256(toHex('sub_two'))
    await subscribe(id, await now(), PRICE)
    await expect(
      chain.publicClient.simulateContract({
        account: stranger,
        address: PAYLINK_COLLECTOR_ADDRESS,
        abi: collectorAbi,
        functionName: 'subscribe',
        args: [id, token, stranger, stranger, PRICE * 100n, 1n, 0n],
      }),
    ).rejects.toThrow(/id taken/)
    await approve(0n)
    await expect(tryCollect(id, merchant, PRICE)).rejects.toThrow()
  })
})
