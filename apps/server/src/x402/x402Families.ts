import { createHash } from 'node:crypto'
import { chainNamespaceOf } from '@paylink/chains/facts'
import { z } from 'zod'
import { eip3009AuthorizationOf, type FacilitatorRequest } from './facilitatorRequest.js'
import type { X402Libraries } from './x402Libraries.js'

/** What Paylink books of a payment, read before the scheme settles it. */
export interface BookedTransfer {
  payer: string
  payTo: string
  /** Atomic units. */
  amount: string
  /** One payment, ever: a second settlement under the same key is a replay. */
  nonce: string
}

/** How Paylink books the exact scheme's payments on one chain family. */
export interface X402Family {
  /** The CAIP-19 asset namespace of the family's tokens. */
  tokenNamespace: string
  /** The transfer a payload carries, or null for a payload Paylink cannot book (read with x402's own decoders). */
  transferOf(body: FacilitatorRequest, libraries: X402Libraries): BookedTransfer | null
  /** Why a payload without such a transfer is refused (x402 reason style). */
  unbookable: { reason: string; message: string }
  /** The x402 reason for a payment Paylink settled already. */
  replayed: string
}

const eip155: X402Family = {
  tokenNamespace: 'erc20',
  transferOf: ({ paymentPayload }) => {
    const authorization = eip3009AuthorizationOf(paymentPayload.payload)
    return (
      authorization && {
        payer: authorization.from,
        payTo: authorization.to,
        amount: authorization.value,
        nonce: authorization.nonce,
      }
    )
  },
  unbookable: { reason: 'unsupported_payload_not_eip3009', message: 'Paylink settles EIP-3009 authorizations only.' },
  replayed: 'invalid_exact_evm_nonce_already_used',
}

const svmPayloadSchema = z.object({ transaction: z.string().min(1).max(4096) })

const solana: X402Family = {
  tokenNamespace: 'token',
  transferOf: (
    { paymentPayload, paymentRequirements },
    { decodeTransactionFromPayload, getTokenPayerFromTransaction },
  ) => {
    const parsed = svmPayloadSchema.safeParse(paymentPayload.payload)
    if (!parsed.success) return null
    let payer: string
    let messageBytes: Uint8Array
    try {
      const transaction = decodeTransactionFromPayload(parsed.data)
      payer = getTokenPayerFromTransaction(transaction)
      messageBytes = Uint8Array.from(transaction.messageBytes)
    } catch {
      return null
    }
    if (!payer) return null
    return {
      payer,
      // @x402/svm settles only a transferChecked of exactly this amount to payTo's associated token account.
      payTo: paymentRequirements.payTo,
      amount: paymentRequirements.amount,
      // The message, not a signature: the fee payer's signature is added at settlement, and the
      // same message is the same transaction whoever signs it.
      nonce: createHash('sha256').update(messageBytes).digest('hex'),
    }
  },
  unbookable: {
    reason: 'invalid_exact_svm_payload_no_transfer_instruction',
    message: 'Paylink settles a Solana transaction carrying one SPL transferChecked only.',
  },
  // @x402/svm's own reason for a transaction it is settling already.
  replayed: 'duplicate_settlement',
}

const families: Record<string, X402Family> = { eip155, solana }

/** The family of a CAIP-2 network id, or undefined for one Paylink's facilitator does not book. */
export function x402FamilyOf(caipNetworkId: string): X402Family | undefined {
  const namespace = chainNamespaceOf(caipNetworkId)
  return namespace ? families[namespace] : undefined
}
