import { expect, type Page } from '@playwright/test'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseUnits,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { devnetAssets } from './merchantApi.js'

/** The Paylink Devnet (31337) through the server's RPC proxy, receipts polled every 100 ms. */
export function devnetChain(origin: string) {
  return createPublicClient({ transport: http(`${origin}/devnet/rpc/31337`), pollingInterval: 100 })
}

/**
 * The Paylink Devnet through the server at `origin` (see devnetChain) and its Test USD contract,
 * read from GET /api/config with `page`'s request context.
 */
export async function devnetWithTusd(page: Page, origin: string) {
  return { chain: devnetChain(origin), tusd: tokenOf((await devnetAssets(page)).tusd) }
}

/** The token contract of a CAIP-19 ERC-20 asset id (`eip155:31337/erc20:0x…`). */
export const tokenOf = (assetId: string) => assetId.split(':').pop() as Address

/** An ERC-20 transfer's call data: `amount` Test USD (6 decimals) to `to`. */
export const tusdTransferData = (to: Address, amount: string): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })

/**
 * Sends from one of anvil's unlocked accounts (eth_sendTransaction: the test process holds no key,
 * the page is not involved) and waits for a successful receipt.
 */
export async function sendUnlocked(
  chain: PublicClient,
  { from, to, value, data }: { from: Address; to: Address; value?: bigint; data?: Hex },
): Promise<Hex> {
  const hash = (await chain.request({
    method: 'eth_sendTransaction' as never,
    params: [{ from, to, value: value === undefined ? undefined : toHex(value), data }] as never,
  })) as Hex
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  return hash
}
