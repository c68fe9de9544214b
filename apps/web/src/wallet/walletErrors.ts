/** The refusals every wallet names alike (EIP-1193 codes, and the "user rejected" wording of those without one). */
export type WalletErrorKind = 'declined' | 'unauthorised' | 'unsupported' | 'otherNetwork'

/** A wallet's or the toolkit's error: its kind when it is a known one, and its own first line, as the library wrote it. */
export function walletErrorOf(error: unknown): { kind: WalletErrorKind | null; raw: string } {
  // Only the error's own code: a wrapper such as ChainNotSupportedError keeps the wallet's
  // refusal as its cause, and its own sentence is the one to show.
  const e = error as { code?: number; shortMessage?: string; message?: string; originalError?: unknown } | null
  // AppKit's wrapper (AppKitError) says only "Failed to disconnect"; the error it wraps names the
  // chain and the wallet's reason ("Failed to disconnect chain bip122: ..."), the one to show.
  if (e?.originalError) return walletErrorOf(e.originalError)
  const code = e?.code
  const raw = (e?.shortMessage ?? e?.message ?? String(error)).split('\n')[0] ?? ''
  const kind: WalletErrorKind | null =
    code === 4001 || /user (rejected|denied)/i.test(e?.message ?? '')
      ? 'declined'
      : code === 4100
        ? 'unauthorised'
        : code === 4200
          ? 'unsupported'
          : code === 4900 || code === 4901
            ? 'otherNetwork'
            : null
  return { kind, raw }
}

const english: Record<WalletErrorKind, string> = {
  declined: 'You declined the request in your wallet.',
  unauthorised: 'The wallet has not authorised this account. Connect again.',
  unsupported: 'The wallet does not support this request.',
  otherNetwork: 'The wallet is not connected to this network.',
}

/** Turns whatever a wallet or the toolkit threw into a sentence a merchant can act on (the payer's pages translate: WalletErrorText). */
export function describeWalletError(error: unknown): string {
  const { kind, raw } = walletErrorOf(error)
  return kind ? english[kind] : raw || 'The wallet reported an unknown error.'
}
