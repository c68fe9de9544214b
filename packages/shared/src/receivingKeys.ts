import { z } from 'zod'
import { chainCores, chainNamespaces, type ChainNamespace } from '@paylink/chains/core'
import { caipNetworkIdSchema } from './caip.js'
import { maxRecipientInputLength } from './links.js'

/** The chain families a merchant can save a receiving key for (today: Bitcoin's watch-only key). */
export const receivingKeyNamespaces = chainNamespaces.filter((namespace) => chainCores[namespace].watchOnlyKeys) as [
  ChainNamespace,
  ...ChainNamespace[],
]

export const receivingKeyParamsSchema = z.strictObject({
  namespace: z.enum(receivingKeyNamespaces, {
    error: `only ${receivingKeyNamespaces.map((namespace) => `${namespace} (${chainCores[namespace].label})`).join(', ')} takes a receiving key`,
  }),
})

/**
 * `PUT /api/merchant/receiving-keys/bip122`: an account extended public key (xpub/zpub on
 * mainnet, tpub/vpub on test networks) or an output descriptor `wpkh(...)` / `tr(...)`.
 * Never a private key: the server refuses one (400 SPENDING_KEY_REFUSED).
 */
export const putReceivingKeyBodySchema = z.strictObject({
  key: z.string().trim().min(1, 'is required').max(maxRecipientInputLength),
})
export type PutReceivingKeyBody = z.infer<typeof putReceivingKeyBodySchema>

/** A saved watch-only key as the API shows it. */
export const receivingKeySchema = z.object({
  namespace: z.enum(receivingKeyNamespaces),
  /** The key as stored: a canonical descriptor with its checksum, e.g. `wpkh([fingerprint/84'/0'/0']xpub…/0/*)#checksum`. */
  key: z.string().max(maxRecipientInputLength),
  /** P2WPKH (native segwit) or P2TR (taproot key path). */
  script: z.enum(['wpkh', 'tr']),
  /** Bitcoin mainnet, or the test networks (testnet, signet, regtest). */
  networkKind: z.enum(['mainnet', 'test']),
  /** The index the next link gets (`<key>/0/<nextIndex>`): addresses are never reused, so a wallet must look this far. */
  nextIndex: z.number().int().min(0),
  /** The address the next link gets, on each configured network the key is for. */
  nextAddresses: z.array(z.object({ caipNetworkId: caipNetworkIdSchema, address: z.string().max(128) })).max(16),
  updatedAt: z.string().max(40),
})
export type ReceivingKey = z.infer<typeof receivingKeySchema>

/** `GET`/`PUT` answer: the saved key, or null when none is saved. */
export const receivingKeyAnswerSchema = z.object({ receivingKey: receivingKeySchema.nullable() })
export type ReceivingKeyAnswer = z.infer<typeof receivingKeyAnswerSchema>
