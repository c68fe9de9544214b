import type { ChainNamespace } from '@reown/appkit-common'
import { ChainController } from '@reown/appkit-controllers'
import { useEffect, useState } from 'react'
import { usePaylinkConfig, usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { FieldList, none, type Field } from './FieldList.js'
import { networkFields } from './networkFields.js'
import { useToolkitActivity } from '../../appkit/toolkitActivity.js'
import { configuredNamespaces } from './toolkitNamespaces.js'
import { useToolkitTick } from './useToolkitTick.js'

function NamespaceState({ namespace }: { namespace: ChainNamespace }) {
  const { appKit } = usePaylinkKit()
  const account = ChainController.getAccountData(namespace)
  const networkData = ChainController.getNetworkData(namespace)
  const provider = appKit.getProvider(namespace)
  const providerType = appKit.getProviderType(namespace)
  const address = account?.address
  const current = account?.allAccounts.find((a) => a.address === address)
  const id = (field: string) => `toolkit-${namespace}-${field}`
  const accountFields: Field[] = [
    ['Status', account?.status ?? 'disconnected', id('status')],
    ['Provider', provider ? `present${providerType ? ` (${providerType})` : ''}` : none, id('provider')],
    ['Wallet', account?.connectedWalletInfo?.name ?? none, id('wallet')],
    ['Address', address ? <code>{address}</code> : none, id('address')],
    [
      'All accounts',
      account?.allAccounts.length ? (
        <ul className="accounts">
          {account.allAccounts.map((a) => (
            <li key={`${a.type}-${a.address}`}>
              <code>{a.address}</code> <span className="tag">{a.type}</span>
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
      id('all-accounts'),
    ],
    ['Account type', current?.type ?? none, id('account-type')],
    ['Embedded-wallet user', account?.user?.email ?? account?.user?.username ?? none, id('user')],
    ['Social provider', account?.socialProvider ?? none, id('social-provider')],
    [
      'Smart account',
      address
        ? current?.type === 'smartAccount'
          ? account?.smartAccountDeployed
            ? 'yes, deployed'
            : 'yes, not deployed'
          : 'no'
        : none,
      id('smart-account'),
    ],
    [
      'Approved networks',
      networkData?.approvedCaipNetworkIds?.length ? networkData.approvedCaipNetworkIds.join(' ') : none,
      id('approved-networks'),
    ],
  ]
  const network = networkFields(networkData?.caipNetwork).map(([key, label, value]): Field => [
    label,
    value,
    id(`network-${key}`),
  ])
  return (
    <section className="card" aria-labelledby={id('title')} data-testid={id('state')}>
      <h3 id={id('title')}>{namespace}</h3>
      <FieldList fields={accountFields} />
      <h4>Network the toolkit uses for {namespace}</h4>
      <FieldList fields={network} />
    </section>
  )
}

/** WalletConnect's session (topic, namespaces, accounts); it exists only with a Reown project id. */
function WalletSession() {
  const { appKit } = usePaylinkKit()
  const config = usePaylinkConfig()
  const tick = useToolkitTick()
  const [text, setText] = useState<string>('checking…')
  // A wallet's session_update changes no toolkit controller, so the provider's own events re-read it.
  const [sessionEvents, setSessionEvents] = useState(0)
  // Asking AppKit for the provider after its start failed makes it send the error event again.
  const initError = useToolkitActivity().events.find(
    (e) => e.type === 'error' && e.detail?.startsWith('UniversalProviderInitError'),
  )?.detail
  // Known without asking the provider: shown as is, the probe below only runs when it is null.
  const known = !config.projectId
    ? 'none: WalletConnect needs a Reown project id'
    : initError
      ? `none: the WalletConnect provider did not start (${initError})`
      : null
  useEffect(() => {
    if (known) return
    let live = true
    let stopListening = () => {}
    appKit
      .getUniversalProvider()
      .then((provider) => {
        if (!live) return
        if (provider) {
          const bump = () => setSessionEvents((n) => n + 1)
          const events = ['connect', 'session_update', 'session_delete', 'disconnect'] as const
          events.forEach((event) => provider.on(event, bump))
          stopListening = () => events.forEach((event) => provider.removeListener(event, bump))
        }
        const session = provider?.session
        if (!provider) setText('none: the WalletConnect provider did not start')
        else if (!session) setText('none')
        else {
          const namespaces = Object.entries(session.namespaces)
          setText(
            `topic ${session.topic}; namespaces ${namespaces.map(([n]) => n).join(', ')}; accounts ${namespaces.flatMap(([, v]) => v.accounts).join(', ')}`,
          )
        }
      })
      .catch((e: Error) => live && setText(`unavailable: ${e.message}`))
    return () => {
      live = false
      stopListening()
    }
  }, [appKit, known, tick, sessionEvents])
  return (
    <p>
      WalletConnect session: <span data-testid="toolkit-wc-session">{known ?? text}</span>
    </p>
  )
}

export function ConnectionSection() {
  useToolkitTick()
  const config = usePaylinkConfig()
  const stored = localStorage.getItem('@appkit/connection_status')
  const { statuses, resyncFailures } = useToolkitActivity()
  return (
    <section aria-labelledby="toolkit-connection-title">
      <h2 id="toolkit-connection-title">Connection</h2>
      <p>
        Overall, as the toolkit saved it in this browser:{' '}
        <strong data-testid="toolkit-overall">{stored ?? 'disconnected'}</strong>
      </p>
      <p>
        Status changes since this page loaded:{' '}
        <span data-testid="toolkit-status-history">
          {statuses.map((s) => `${s.namespace} ${s.status}`).join(', ') || 'none'}
        </span>
      </p>
      {resyncFailures.length > 0 && (
        <p role="alert" className="error" data-testid="toolkit-resync-failures">
          Connected before this page loaded but could not be restored: {resyncFailures.join(', ')}. Connect again.
        </p>
      )}
      <WalletSession />
      <div className="panels">
        {configuredNamespaces(config).map((ns) => (
          <NamespaceState key={ns} namespace={ns} />
        ))}
      </div>
    </section>
  )
}
