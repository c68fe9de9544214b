/** The checkout's one call to action before a wallet is connected (`label`: the chain family, when the link names one). */
export function ConnectPrompt({ onConnect, busy = false, error = null, label = null }: { onConnect(): void; busy?: boolean; error?: string | null; label?: string | null }) {
  return (
    <div className="pay-connect">
      <button className="primary big" data-testid="pay-connect" disabled={busy} onClick={onConnect}>
        {busy ? 'Opening…' : label ? `Connect ${label} wallet` : 'Connect wallet'}
      </button>
      <p className="muted">Email, social login or any wallet. Paylink never holds your funds.</p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
