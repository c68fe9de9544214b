import {
  formatUnits,
  parseCaipAssetId,
  type Asset,
  type DepositBalance,
  type DepositNetwork,
  type Network,
} from '@paylink/shared'
import { PAYLINK_DEPOSIT_FACTORY_ADDRESS } from '@paylink/chains/eip155/core'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { createEvmRpcClient, eip155Family, readEvmDepositBalances } from '@paylink/chains/eip155/server'
import { chainFamilyOf } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links } from '../db/schema.js'
import { UpstreamError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'

/** The newest deposit addresses read per network and request: (1 + tokens) calls each, 500 calls to an HTTP request. */
export const maxDepositAddressesRead = 2000

export interface DepositSetup {
  /** The networks (RPC URLs the server reads) and assets as configured. */
  networks: readonly Network[]
  assets: readonly Asset[]
  timeoutMs?: number
}

export interface WaitingDepositsOfNetwork extends DepositNetwork {
  /** For `collect`: each waiting deposit's salt input and the tokens held anywhere (lowercase). */
  tokensHeld: string[]
}

/** The EVM networks whose links get deposit addresses (the factory is deployed there). */
export function depositNetworks(networks: readonly Network[]): Network[] {
  return networks.filter((network) => chainFamilyOf(network.caipNetworkId) === eip155Family && network.depositFactory)
}

/**
 * What waits at the merchant's deposit addresses on each deposit network: native coin and every
 * configured token, read from the chain now (the newest `maxDepositAddressesRead` addresses of
 * its links, in batched requests). Only what is above zero is listed.
 */
export async function readWaitingDeposits(
  db: Db,
  merchant: Merchant,
  setup: DepositSetup,
  only?: string,
): Promise<WaitingDepositsOfNetwork[]> {
  const result: WaitingDepositsOfNetwork[] = []
  for (const network of depositNetworks(setup.networks)) {
    if (only && network.caipNetworkId !== only) continue
    const assets = setup.assets.filter((asset) => asset.caipNetworkId === network.caipNetworkId)
    const native = assets.find((asset) => asset.native)
    const tokens = assets
      .filter((asset) => !asset.native)
      .map((asset) => ({ asset, address: parseCaipAssetId(asset.assetId).assetReference.toLowerCase() }))
    const rows = await db
      .select({
        optionId: linkOptions.id,
        linkId: linkOptions.linkId,
        recipient: linkOptions.recipient,
        depositAddress: linkOptions.depositAddress,
      })
      .from(linkOptions)
      .innerJoin(links, eq(links.id, linkOptions.linkId))
      .where(
        and(
          eq(links.merchant, merchant.id),
          eq(linkOptions.caipNetworkId, network.caipNetworkId),
          isNotNull(linkOptions.depositAddress),
        ),
      )
      .orderBy(desc(links.createdAt))
      .limit(maxDepositAddressesRead)
    const client = createEvmRpcClient({
      rpcUrl: network.rpcUrl,
      ...(setup.timeoutMs ? { timeoutMs: setup.timeoutMs } : {}),
    })
    const balances = rows.length
      ? await readBalances(network.caipNetworkId, () =>
          readEvmDepositBalances({
            client,
            deposits: rows.map((row) => row.depositAddress!),
            tokens: tokens.map((token) => token.address),
          }),
        )
      : new Map()
    const totals = new Map<string, bigint>()
    const deposits: DepositNetwork['deposits'] = []
    const tokensHeld = new Set<string>()
    const add = (list: DepositBalance[], asset: Asset, amount: bigint) => {
      if (amount <= 0n) return
      list.push({
        asset: asset.assetId,
        symbol: asset.symbol,
        decimals: asset.decimals,
        amount: formatUnits(amount, asset.decimals),
      })
      totals.set(asset.assetId, (totals.get(asset.assetId) ?? 0n) + amount)
    }
    for (const row of rows) {
      const held = balances.get(row.depositAddress!)
      if (!held) continue
      const list: DepositBalance[] = []
      if (native) add(list, native, held.native)
      for (const token of tokens) {
        const amount = held.tokens.get(token.address) ?? 0n
        if (amount > 0n) tokensHeld.add(token.address)
        add(list, token.asset, amount)
      }
      if (list.length)
        deposits.push({
          depositAddress: row.depositAddress!,
          recipient: row.recipient,
          linkId: row.linkId,
          optionId: row.optionId,
          balances: list,
        })
    }
    const waiting = assets.flatMap((asset) => {
      const amount = totals.get(asset.assetId) ?? 0n
      return amount > 0n
        ? [
            {
              asset: asset.assetId,
              symbol: asset.symbol,
              decimals: asset.decimals,
              amount: formatUnits(amount, asset.decimals),
            },
          ]
        : []
    })
    result.push({
      caipNetworkId: network.caipNetworkId,
      name: network.name,
      factory: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      addressesRead: rows.length,
      waiting,
      deposits,
      tokensHeld: [...tokensHeld],
    })
  }
  return result
}

/** A chain that does not answer is the caller's 502 (try again), not a fault of ours. */
async function readBalances<T>(caipNetworkId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (cause) {
    throw new UpstreamError('CHAIN_READ_FAILED', `Could not read deposit balances on ${caipNetworkId}; try again.`, {
      cause,
    })
  }
}
