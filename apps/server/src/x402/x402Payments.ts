import { chainCores } from '@paylink/chains/core'
import { and, eq, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links, x402Payments } from '../db/schema.js'
import type { Merchant } from '../merchants/merchant.js'

/** Where one authorization is recorded: a second settlement of it is a replay. */
export interface AuthorizationKey {
  caipNetworkId: string
  /** The token contract (any case). */
  asset: string
  payer: string
  nonce: string
}

const keyColumns = (key: AuthorizationKey) => ({
  caipNetworkId: key.caipNetworkId,
  assetId: `${key.caipNetworkId}/erc20:${getAddress(key.asset)}`,
  payer: getAddress(key.payer),
  authorizationNonce: key.nonce.toLowerCase(),
})

export async function isAuthorizationRecorded(db: Db, key: AuthorizationKey): Promise<boolean> {
  const k = keyColumns(key)
  const [row] = await db
    .select({ id: x402Payments.id })
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.caipNetworkId, k.caipNetworkId),
        eq(x402Payments.assetId, k.assetId),
        eq(x402Payments.payer, k.payer),
        eq(x402Payments.authorizationNonce, k.authorizationNonce),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Whether the merchant receives at `payTo` on the network: its own EVM account, or a recipient
 * it named on one of its links there.
 */
export async function merchantReceivesAt(
  db: Db,
  merchant: Merchant,
  caipNetworkId: string,
  payTo: string,
): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(payTo)) return false
  if (merchant.namespace === chainCores.eip155.namespace && merchant.address.toLowerCase() === payTo.toLowerCase())
    return true
  const [row] = await db
    .select({ id: linkOptions.id })
    .from(linkOptions)
    .innerJoin(links, eq(links.id, linkOptions.linkId))
    .where(
      and(
        eq(links.merchant, merchant.id),
        eq(linkOptions.caipNetworkId, caipNetworkId),
        sql`lower(${linkOptions.recipient}) = lower(${payTo})`,
      ),
    )
    .limit(1)
  return row !== undefined
}

export interface SettledX402Payment extends AuthorizationKey {
  merchant: Merchant
  scheme: string
  symbol: string
  decimals: number
  amount: string
  payTo: string
  txHash: string
  resourceUrl: string | null
  description: string | null
}

/** Records a settled payment once; a second record of one authorization is a no-op (false). */
export async function recordX402Payment(db: Db, payment: SettledX402Payment): Promise<boolean> {
  const inserted = await db
    .insert(x402Payments)
    .values({
      id: newId('pay'),
      merchant: payment.merchant.id,
      ...keyColumns(payment),
      scheme: payment.scheme,
      symbol: payment.symbol,
      decimals: payment.decimals,
      amount: payment.amount,
      payTo: getAddress(payment.payTo),
      txHash: payment.txHash.toLowerCase(),
      resourceUrl: payment.resourceUrl,
      description: payment.description,
    })
    .onConflictDoNothing()
    .returning({ id: x402Payments.id })
  return inserted.length > 0
}
