import { normalizeRefundAddress, refundAddressMessage, type GiveRefundAddressBody, type Payment } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { bitcoinNetworkOf, readBitcoinAddress, verifyBip122Signature } from '@paylink/chains/bip122/server'
import { links, payments } from '../db/schema.js'
import { RequestValidationError } from '../errors.js'
import { refreshLink } from '../links/refreshLink.js'
import { readForRefund, type RefundCheckParameters } from './readForRefund.js'
import { PaymentNotFoundError, RefundAddressRefusedError, RefundConflictError } from './refundErrors.js'

/** How far ahead of the server's clock a statement may be dated (the payer's clock may run fast). */
export const maxStatementSkewMs = 5 * 60 * 1000
/** How old a statement may be when it is posted: long enough to sign with a slow wallet, short enough that a captured one expires. */
export const maxStatementAgeMs = 60 * 60 * 1000

export interface GiveRefundAddressParameters extends RefundCheckParameters {
  body: GiveRefundAddressBody
}

export interface GiveRefundAddressReturnType {
  /** The payment as its link's view shows it now, with `refundAddress`. */
  payment: Payment
}

/**
 * Stores the refund address a Bitcoin payer gives (a Bitcoin payment has no single sender to send
 * back to): the statement must be exactly `refundAddressMessage` for this payment and address,
 * signed (BIP-322, or a legacy signature for a P2PKH input) by an address one of the payment
 * transaction's inputs spends from, as the network's Esplora reads it now. Checks run cheapest
 * first; nothing is written unless all pass. The statement carries when it was made: it is taken
 * only within an hour of that (and at most 5 minutes ahead of this server's clock), and a stored
 * address gives way only to a newer statement, so the payer may correct an address and no one
 * can undo the correction by posting the older statement again (the same statement again is
 * answered as stored). Public: the signature is the proof, not a session.
 */
export async function giveRefundAddress(
  db: Db,
  { paymentId, body, readerOf, now = () => new Date() }: GiveRefundAddressParameters,
): Promise<GiveRefundAddressReturnType> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId))
  if (!payment) throw new PaymentNotFoundError(paymentId, { ofMerchant: false })
  const network = bitcoinNetworkOf(payment.caipNetworkId)
  if (!network) {
    throw new RefundAddressRefusedError(
      'REFUND_ADDRESS_NOT_BITCOIN',
      'Only a Bitcoin payment takes a refund address: on other networks a refund goes back to the address that paid.',
    )
  }
  if (payment.status === 'failed' || payment.status === 'reverted') {
    throw new RefundConflictError(
      'PAYMENT_NOT_REFUNDABLE',
      `This payment is ${payment.status}: it brought no money to refund.`,
    )
  }

  const refundAddress = readBitcoinAddress(normalizeRefundAddress(body.refundAddress), network)
  const prefix = `${network.parameters.bech32}1`
  if (!refundAddress || !refundAddress.startsWith(prefix)) {
    throw new RequestValidationError(
      `body.refundAddress: must be a Bitcoin ${network.name} address starting with ${prefix} (SegWit or Taproot)`,
    )
  }
  const signer = readBitcoinAddress(normalizeRefundAddress(body.signer), network)
  if (!signer) throw new RequestValidationError(`body.signer: must be a Bitcoin ${network.name} address`)

  const at = now()
  const issuedAt = new Date(body.issuedAt)
  if (Number.isNaN(issuedAt.getTime()) || issuedAt.toISOString() !== body.issuedAt) {
    throw new RequestValidationError('body.issuedAt: must be an ISO 8601 time in UTC, such as 2026-11-26T12:00:00.000Z')
  }
  if (issuedAt.getTime() > at.getTime() + maxStatementSkewMs) {
    throw new RefundAddressRefusedError(
      'REFUND_STATEMENT_STALE',
      `The statement is dated ${body.issuedAt}, in the future: check the device's clock and sign a new one.`,
    )
  }
  if (at.getTime() - issuedAt.getTime() > maxStatementAgeMs) {
    throw new RefundAddressRefusedError(
      'REFUND_STATEMENT_STALE',
      `The statement was made at ${body.issuedAt}, more than an hour ago: sign a new one (the refund page writes it).`,
    )
  }
  const expected = refundAddressMessage({
    linkId: payment.linkId,
    paymentId: payment.id,
    txHash: payment.txHash,
    refundAddress,
    issuedAt: body.issuedAt,
  })
  if (body.message.replace(/\r\n/g, '\n') !== expected) {
    throw new RefundAddressRefusedError(
      'REFUND_MESSAGE_MISMATCH',
      `The signed message must name this payment and this refund address, exactly as the refund page shows it:\n${expected}`,
    )
  }
  if (
    !verifyBip122Signature({
      message: body.message,
      address: signer,
      signature: body.signature,
      chainId: payment.caipNetworkId,
    })
  ) {
    throw new RefundAddressRefusedError(
      'REFUND_SIGNATURE_INVALID',
      `The signature is not ${signer}'s over this message (BIP-322, or a legacy signature for a 1…/m…/n… address).`,
    )
  }

  const reader = readerOf(payment.caipNetworkId)
  const readInputs = reader?.readInputAddresses?.bind(reader)
  const inputs = await readForRefund(payment.caipNetworkId, readInputs ? () => readInputs(payment.txHash) : null)
  if (!inputs)
    throw new RefundConflictError(
      'PAYMENT_TX_NOT_FOUND',
      "The node does not know this payment's transaction right now: try again once it is back in a block.",
    )
  if (!inputs.includes(signer)) {
    throw new RefundAddressRefusedError(
      'REFUND_SIGNER_NOT_AN_INPUT',
      `${signer} is not an address this payment's transaction spends from: sign with the key of one of its inputs (${[...new Set(inputs.filter(Boolean))].join(', ')}).`,
    )
  }

  return db.transaction(async (tx) => {
    // The link's lock, as every change of its payments takes.
    await tx.select({ id: links.id }).from(links).where(eq(links.id, payment.linkId)).for('no key update')
    const [stored] = await tx
      .select({ issuedAt: payments.refundAddressIssuedAt, message: payments.refundAddressMessage })
      .from(payments)
      .where(eq(payments.id, payment.id))
    const same = stored?.message === body.message.replace(/\r\n/g, '\n')
    // A captured older statement, posted again after a correction, must not undo it.
    if (!same && stored?.issuedAt && issuedAt.getTime() <= stored.issuedAt.getTime()) {
      throw new RefundConflictError(
        'REFUND_STATEMENT_OUTDATED',
        `This payment's refund address was given by a statement made at ${stored.issuedAt.toISOString()}: only a newer statement replaces it.`,
      )
    }
    await tx
      .update(payments)
      .set({
        refundAddress,
        refundAddressSigner: signer,
        refundAddressMessage: body.message,
        refundAddressSignature: body.signature,
        refundAddressGivenAt: at,
        refundAddressIssuedAt: issuedAt,
        updatedAt: at,
      })
      .where(eq(payments.id, payment.id))
    const refreshed = await refreshLink(tx, payment.linkId, at)
    return { payment: refreshed!.view.payments.find((p) => p.id === payment.id)! }
  })
}
