import { chainCoreOf, normalizeTransactionId, sameAddress } from '@paylink/chains/core'
import { and, eq, sql } from 'drizzle-orm'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links, x402Payments } from '../db/schema.js'
import type { Merchant } from '../merchants/merchant.js'
import { x402FamilyOf } from './x402Families.js'

/** Where one authorization is recorded: a second settlement of it is a replay. */
export interface AuthorizationKey {
  caipNetworkId: string
  /** The token contract or mint (EVM: any case). */
  asset: string
  payer: string
  nonce: string
}

/** An address as the books name it: EIP-55 on EVM, as written on Solana. */
const canonical = (caipNetworkId: string, address: string) =>
  chainCoreOf(caipNetworkId)?.canonicalAddress(address) ?? address

const keyColumns = (key: AuthorizationKey) => ({
  caipNetworkId: key.caipNetworkId,
  assetId: `${key.caipNetworkId}/${x402FamilyOf(key.caipNetworkId)?.tokenNamespace}:${canonical(key.caipNetworkId, key.asset)}`,
  payer: canonical(key.caipNetworkId, key.payer),
  // EIP-3009's bytes32 or a Solana message's SHA-256, both hex.
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
 * Whether the merchant receives at `payTo` on the network: its own account of that family, or a
 * recipient it named on one of its links there.
 */
export async function merchantReceivesAt(
  db: Db,
  merchant: Merchant,
  caipNetworkId: string,
  payTo: string,
): Promise<boolean> {
  const core = chainCoreOf(caipNetworkId)
  if (!core?.addressSchema.safeParse(payTo).success) return false
  if (merchant.namespace === core.namespace && sameAddress(caipNetworkId, merchant.address, payTo)) return true
  // lower() finds the candidates; sameAddress decides (Solana addresses are case-sensitive).
  const rows = await db
    .select({ recipient: linkOptions.recipient })
    .from(linkOptions)
    .innerJoin(links, eq(links.id, linkOptions.linkId))
    .where(
      and(
        eq(links.merchant, merchant.id),
        eq(linkOptions.caipNetworkId, caipNetworkId),
        sql`lower(${linkOptions.recipient}) = lower(${payTo})`,
      ),
    )
    .limit(10)
  return rows.some(({ recipient }) => sameAddress(caipNetworkId, recipient, payTo))
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
      payTo: canonical(payment.caipNetworkId, payment.payTo),
      txHash: normalizeTransactionId(payment.caipNetworkId, payment.txHash),
      resourceUrl: payment.resourceUrl,
      description: payment.description,
    })
    .onConflictDoNothing()
    .returning({ id: x402Payments.id })
  return inserted.length > 0
}
