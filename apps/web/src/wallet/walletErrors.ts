/** Turns whatever a wallet or the toolkit threw into a sentence a payer can act on. */
export function describeWalletError(error: unknown): string {
  // Only the error's own code: a wrapper such as ChainNotSupportedError keeps the wallet's
  // refusal as its cause, and its own sentence is the one to show.
  const e = error as { code?: number; shortMessage?: string; message?: string; originalError?: unknown } | null
  // AppKit's wrapper (AppKitError) says only "Failed to disconnect"; the error it wraps names the
  // chain and the wallet's reason ("Failed to disconnect chain bip122: ..."), the one to show.
  if (e?.originalError) return describeWalletError(e.originalError)
  const code = e?.code
  if (code === 4001 || /user (rejected|denied)/i.test(e?.message ?? '')) {
    return 'You declined the request in your wallet.'
  }
  if (code === 4100) return 'The wallet has not authorised this account. Connect again.'
  if (code === 4200) return 'The wallet does not support this request.'
  if (code === 4900 || code === 4901) return 'The wallet is not connected to this network.'
  const text = e?.shortMessage ?? e?.message ?? String(error)
  return text.split('\n')[0] || 'The wallet reported an unknown error.'
}
