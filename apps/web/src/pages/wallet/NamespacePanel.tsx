import { webFamilyOf } from '@paylink/chains/web'
import { useAppKit, useAppKitAccount, useDisconnect } from '@reown/appkit/react'
import { useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { namespaceOf } from '../../appkit/networks.js'
import { CopyButton } from '../../components/CopyButton.js'
import { plainWalletError } from './plainWalletError.js'
import { useNamespaceNetwork } from '../../wallet/useNamespaceNetwork.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { devnetNetworksOf } from '../../wallet/useTestFunds.js'
import { BalancesTable } from './BalancesTable.js'
import { SendForm } from './SendForm.js'
import { SignMessageForm } from './SignMessageForm.js'
import { TestFundsButton } from './TestFundsButton.js'
import { namespaceLabels, type WalletNamespace } from './walletNamespace.js'

/** Everything Paylink knows about one chain namespace's connection, and what you can do with it. */
export function NamespacePanel({ namespace }: { namespace: WalletNamespace }) {
  const config = usePaylinkConfig()
  const account = useAppKitAccount({ namespace })
  const { open } = useAppKit()
  const { disconnect } = useDisconnect()
  const switcher = useSwitchNetwork()
  const [disconnectError, setDisconnectError] = useState<string | null>(null)
  const networks = config.networks.filter((n) => namespaceOf(n) === namespace)
  const current = useNamespaceNetwork(namespace, account.isConnected)
  const status = account.status ?? 'disconnected'
  const info = account.embeddedWalletInfo
  const label = namespaceLabels[namespace]
  const { defaultAccountType } = webFamilyOf(namespace)

  return (
    <section className="card panel" aria-labelledby={`${namespace}-title`} data-testid={`panel-${namespace}`}>
      <header className="panel-head">
        <h2 id={`${namespace}-title`}>{label}</h2>
        <span className={`status status-${status}`} data-testid={`status-${namespace}`}>
          {status}
        </span>
      </header>
      {!account.isConnected ? (
        <div className="empty">
          <p>No {label} wallet connected.</p>
          <button onClick={() => open({ view: 'Connect', namespace })}>Connect {label} wallet</button>
        </div>
      ) : (
        <>
          <dl className="facts">
            <dt>Address</dt>
            <dd>
              <code data-testid={`address-${namespace}`}>{account.address}</code>{' '}
              <CopyButton value={account.address ?? ''} />
            </dd>
            <dt>Network</dt>
            <dd data-testid={`network-${namespace}`}>
              {current ? (
                <>
                  {current.name} <code>{current.caipNetworkId}</code>
                </>
              ) : (
                'Unknown network'
              )}
            </dd>
            <dt>All accounts</dt>
            <dd>
              <ul className="accounts" data-testid={`accounts-${namespace}`}>
                {(account.allAccounts.length
                  ? account.allAccounts
                  : [{ address: account.address!, type: undefined, namespace }]
                ).map((a) => (
                  <li key={`${a.type}-${a.address}`}>
                    <code>{a.address}</code> <span className="tag">{a.type ?? defaultAccountType}</span>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>Account type</dt>
            <dd data-testid={`account-type-${namespace}`}>
              {info?.accountType ?? account.allAccounts[0]?.type ?? defaultAccountType}
            </dd>
            <dt>Smart account</dt>
            <dd>
              {info?.accountType === 'smartAccount'
                ? info.isSmartAccountDeployed
                  ? 'yes, deployed'
                  : 'yes, not deployed yet'
                : 'no'}
            </dd>
            {info?.user && (
              <>
                <dt>Signed in as</dt>
                <dd>{info.user.email ?? info.user.username}</dd>
              </>
            )}
            {info?.authProvider && (
              <>
                <dt>Login provider</dt>
                <dd>{info.authProvider}</dd>
              </>
            )}
          </dl>

          <h3>Balances</h3>
          <BalancesTable namespace={namespace} address={account.address} />
          {config.demo && account.address && devnetNetworksOf(config.networks, namespace).length > 0 && (
            <TestFundsButton namespace={namespace} address={account.address} />
          )}

          <h3>Switch network</h3>
          <div className="network-switch" role="group" aria-label={`${label} networks`}>
            {networks.map((n) => (
              <button
                key={n.caipNetworkId}
                aria-pressed={current?.caipNetworkId === n.caipNetworkId}
                disabled={switcher.isPending}
                onClick={() => switcher.mutate(n)}
              >
                {n.name}
              </button>
            ))}
          </div>
          {switcher.isPending && <p role="status">Waiting for the wallet to switch…</p>}
          {switcher.isError && (
            <p role="alert" className="error" data-testid={`switch-error-${namespace}`}>
              Could not switch network: {plainWalletError(switcher.error)}
            </p>
          )}

          <SignMessageForm namespace={namespace} />
          <SendForm namespace={namespace} current={current?.caipNetworkId} />

          <div className="actions">
            <button onClick={() => disconnect({ namespace }).catch((e) => setDisconnectError(plainWalletError(e)))}>
              Disconnect {label}
            </button>
          </div>
          {disconnectError && (
            <p role="alert" className="error">
              {disconnectError}
            </p>
          )}
        </>
      )}
    </section>
  )
}
