import type { AppKitNetwork } from '@reown/appkit/networks'
import type { ChainNamespace } from '@reown/appkit-common'
import { AlertController } from '@reown/appkit-controllers'
import { useState } from 'react'
import { appKitNetworkId } from '../../appkit/networks.js'
import { usePaylinkConfig, usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { NamespaceSelect } from './NamespaceSelect.js'
import { toolkitErrorText } from './toolkitErrorText.js'
import { configuredNamespaces, namespaceWithoutAdapter } from './toolkitNamespaces.js'
import { useToolkitTick } from './useToolkitTick.js'

function probeNetwork(namespace: ChainNamespace, reference: string): AppKitNetwork & { caipNetworkId: string } {
  return {
    id: appKitNetworkId(namespace, reference),
    name: `Network ${reference}`,
    chainNamespace: namespace,
    caipNetworkId: `${namespace}:${reference}`,
    nativeCurrency: { name: 'Coin', symbol: 'COIN', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
  }
}

/**
 * The toolkit's network list in this tab, with its add, remove and switch calls. Changes last
 * until the page reloads; the server's configuration is what visitors get.
 */
export function NetworksSection() {
  useToolkitTick()
  const { appKit } = usePaylinkKit()
  const config = usePaylinkConfig()
  const namespaces = [...configuredNamespaces(config), namespaceWithoutAdapter]
  const [namespace, setNamespace] = useState<ChainNamespace>(namespaces[0]!)
  const [reference, setReference] = useState('999')
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const act = (label: string, action: () => unknown) => async () => {
    try {
      await action()
      setOutcome({ ok: true, text: `${label}: done` })
    } catch (e) {
      setOutcome({ ok: false, text: `${label}: ${toolkitErrorText(e)}` })
    }
  }
  const networks = appKit.getCaipNetworks()
  return (
    <section aria-labelledby="toolkit-networks-title">
      <h2 id="toolkit-networks-title">Networks</h2>
      <ul className="network-list" data-testid="toolkit-networks">
        {networks.map((n) => (
          <li key={n.caipNetworkId}>
            {n.name} <code>{n.caipNetworkId}</code>
          </li>
        ))}
      </ul>
      <div className="actions" role="group" aria-label="Try a network">
        <NamespaceSelect label="Namespace" namespaces={namespaces} value={namespace} onChange={setNamespace} />
        <label>
          Network reference
          <input value={reference} onChange={(e) => setReference(e.target.value.trim())} />
        </label>
      </div>
      <div className="actions">
        <button onClick={act('Add network', () => appKit.addNetwork(namespace, probeNetwork(namespace, reference)))}>
          Add network
        </button>
        <button
          onClick={act('Remove network', () => appKit.removeNetwork(namespace, appKitNetworkId(namespace, reference)))}
        >
          Remove network
        </button>
        <button
          onClick={act('Switch network', async () => {
            // A network the toolkit lists is switched to as listed (its own RPC URLs); any other is a probe.
            const probe = probeNetwork(namespace, reference)
            const target = appKit.getCaipNetworks().find((n) => n.caipNetworkId === probe.caipNetworkId) ?? probe
            await appKit.switchNetwork(target)
            // The toolkit answers a network it does not list with an alert, not an error.
            if (appKit.getCaipNetwork()?.caipNetworkId !== target.caipNetworkId)
              throw new Error(`not switched: ${AlertController.state.message || 'the toolkit refused'}`)
          })}
        >
          Switch to it
        </button>
      </div>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'result' : 'error'}
          data-testid="toolkit-network-outcome"
        >
          {outcome.text}
        </p>
      )}
    </section>
  )
}
