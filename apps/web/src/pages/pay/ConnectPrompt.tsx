import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'

/**
 * What the toolkit really offers here: email and social login need Reown's cloud (a project id);
 * without one, only wallets in the browser (and the demo's Dev Wallet) connect.
 */
function loginMethods(projectId: string | null, demo: boolean): string {
  if (projectId) return 'Email, social login or any wallet.'
  return demo
    ? 'The Paylink Dev Wallet or a browser wallet.'
    : 'A browser wallet (extension or built into your browser).'
}

/** The checkout's one call to action before a wallet is connected (`label`: the chain family, when the link names one). */
export function ConnectPrompt({
  onConnect,
  busy = false,
  error = null,
  label = null,
}: {
  onConnect(): void
  busy?: boolean
  error?: string | null
  label?: string | null
}) {
  const config = usePaylinkConfig()
  return (
    <div className="pay-connect">
      <button className="primary big" data-testid="pay-connect" disabled={busy} onClick={onConnect}>
        {busy ? 'Opening…' : label ? `Connect ${label} wallet` : 'Connect wallet'}
      </button>
      <p className="muted" data-testid="login-methods">
        {loginMethods(config.projectId, config.demo)} Paylink never holds your funds.
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
