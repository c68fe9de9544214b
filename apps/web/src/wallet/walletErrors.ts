/** Turns whatever a wallet or the toolkit threw into a sentence a payer can act on. */
export function describeWalletError(error: unknown): string {
  const e = error as { code?: number; shortMessage?: string; message?: string; cause?: unknown } | null
  const code = e?.code ?? (e?.cause as { code?: number } | undefined)?.code
  if (code === 4001 || /user (rejected|denied)/i.test(e?.message ?? '')) {
    return 'You declined the request in your wallet.'
  }
  if (code === 4100) return 'The wallet has not authorised this account. Connect again.'
  if (code === 4200) return 'The wallet does not support this request.'
  if (code === 4900 || code === 4901) return 'The wallet is not connected to this network.'
  const text = e?.shortMessage ?? e?.message ?? String(error)
  return text.split('\n')[0] || 'The wallet reported an unknown error.'
}
