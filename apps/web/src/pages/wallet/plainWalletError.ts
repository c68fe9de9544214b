import { describeWalletError } from '../../wallet/walletErrors.js'

/** What the sentence may name: the asset sent (a token by its name, the coin by its symbol). */
export interface PlainErrorAsset {
  name: string
  symbol: string
  native: boolean
}

/** Every message in the error and its causes (a wallet wraps the RPC's, which wraps the program's). */
function messagesOf(error: unknown, depth = 0): string[] {
  if (typeof error === 'string') return [error]
  if (depth > 5 || error === null || typeof error !== 'object') return []
  const e = error as { message?: unknown; shortMessage?: unknown; cause?: unknown; originalError?: unknown }
  return [
    ...[e.shortMessage, e.message].filter((text): text is string => typeof text === 'string'),
    ...messagesOf(e.cause, depth + 1),
    ...messagesOf(e.originalError, depth + 1),
  ]
}

/** @solana/errors codes: SOLANA_ERROR__ADDRESSES__* are 2800000-2899999 (a production build says only "Solana error #<code>"). */
function solanaCodeOf(error: unknown, text: string): number | null {
  const context = (error as { context?: { __code?: unknown } } | null)?.context
  if (typeof context?.__code === 'number') return context.__code
  const match = /Solana error #(\d+)/.exec(text)
  return match ? Number(match[1]) : null
}

/**
 * A wallet or chain error as a sentence a person acts on, never a code to decode: a production
 * Solana build throws "Solana error #2800001; Decode this error by running `npx @solana/errors
 * decode …`", and a refused transfer "custom program error: 0x1" (the Token program's and the
 * System program's error 1: not enough funds). Anything else as describeWalletError says it.
 */
export function plainWalletError(error: unknown, asset?: PlainErrorAsset): string {
  const text = messagesOf(error).join('\n')
  const code = solanaCodeOf(error, text)
  if (code !== null && code >= 2_800_000 && code < 2_900_000) return 'This is not a valid Solana address.'
  const what = asset ? (asset.native ? asset.symbol : asset.name) : 'funds'
  if (
    /custom program error: 0x1\b/.test(text) ||
    /insufficient (funds|lamports)/i.test(text) ||
    code === 4_615_006 ||
    code === 7_050_005
  )
    return `There is not enough ${what} in this wallet for this transfer (and its network fee).`
  if (/no record of a prior credit/i.test(text)) return 'This wallet has no SOL yet to pay the network fee.'
  if (code !== null) return `The Solana network refused this (its error ${code}).`
  const custom = /custom program error: (0x[0-9a-f]+)/i.exec(text)
  if (custom) return `The token program refused this transfer (its error ${custom[1]}).`
  return describeWalletError(error)
}
