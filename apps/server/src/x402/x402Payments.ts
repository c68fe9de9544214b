import type { WebhookEvent } from '@paylink/shared'
import { chainCoreOf, normalizeTransactionId, sameAddress } from '@paylink/chains/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links, x402Payments } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'
import { enqueueMerchantEvent } from '../webhooks/enqueueWebhookEvents.js'
import { toX402PaymentView } from '../paymentList/listX402Payments.js'
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
  return (await linksReceivingAt(db, merchant.id, caipNetworkId, payTo)).length > 0
}

/** The merchant's links (newest first) with an option paying `payTo` on the network. */
async function linksReceivingAt(
  db: Queryable,
  merchantId: string,
  caipNetworkId: string,
  payTo: string,
): Promise<Array<{ id: string; webhookUrl: string | null }>> {
  // lower() finds the candidates; sameAddress decides (Solana addresses are case-sensitive).
  const rows = await db
    .select({ id: links.id, webhookUrl: links.webhookUrl, recipient: linkOptions.recipient })
    .from(linkOptions)
    .innerJoin(links, eq(links.id, linkOptions.linkId))
    .where(
      and(
        eq(links.merchant, merchantId),
        eq(linkOptions.caipNetworkId, caipNetworkId),
        sql`lower(${linkOptions.recipient}) = lower(${payTo})`,
      ),
    )
    .orderBy(desc(links.createdAt))
    .limit(10)
  return rows.filter(({ recipient }) => sameAddress(caipNetworkId, recipient, payTo))
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

/**
 * Records a settled payment once, with its `payment.x402` event in the merchant's feed in the same
 * transaction; a second record of one authorization is a no-op (false), so a replay is never
 * booked or announced twice.
 */
export async function recordX402Payment(db: Db, payment: SettledX402Payment, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return false
    const { kind, linkTitle, symbol, x402, orderOf, ...view } = toX402PaymentView(row)
    const body: WebhookEvent = {
      id: newId('evt'),
      type: 'payment.x402',
      createdAt: now.toISOString(),
      data: {
        link: null,
        payment: null,
        x402Payment: { ...view, linkId: null, resourceUrl: row.resourceUrl, description: row.description },
      },
    }
    // Of no link in the feed; signed to the webhook of the newest link paying `payTo` that has one,
    // as an unmatched transfer goes to its link's, since a merchant's webhook URL is a link's.
    const receiving = await linksReceivingAt(tx, row.merchant, row.caipNetworkId, row.payTo)
    const webhookLink = receiving.find((link) => link.webhookUrl !== null)
    await enqueueMerchantEvent(tx, row.merchant, body, null, webhookLink?.id ?? null, now)
    return true
  })
}
