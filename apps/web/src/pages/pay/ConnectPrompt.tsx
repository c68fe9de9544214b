/** The checkout's one call to action before a wallet is connected. */
export function ConnectPrompt({ onConnect, busy = false, error = null }: { onConnect(): void; busy?: boolean; error?: string | null }) {
  return (
    <div className="pay-connect">
      <button className="primary big" data-testid="pay-connect" disabled={busy} onClick={onConnect}>
        {busy ? 'Opening…' : 'Connect wallet'}
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
