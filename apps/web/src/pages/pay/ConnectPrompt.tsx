import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { m, useT, type MessageId } from '../../i18n/useT.js'

/**
 * What the toolkit really offers here: email and social login need Reown's cloud (a project id);
 * without one, only wallets in the browser (and the demo's Dev Wallet) connect.
 */
function loginMethods(projectId: string | null, demo: boolean): MessageId {
  if (projectId) return m('connect.methods.cloud')
  return demo ? m('connect.methods.demo') : m('connect.methods.browser')
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
  const { t } = useT()
  return (
    <div className="pay-connect">
      <button className="primary big" data-testid="pay-connect" disabled={busy} onClick={onConnect}>
        {busy ? t('connect.opening') : label ? t('connect.family', { family: label }) : t('connect.wallet')}
      </button>
      <p className="muted" data-testid="login-methods">
        {t(loginMethods(config.projectId, config.demo))} {t('connect.nonCustodial')}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
