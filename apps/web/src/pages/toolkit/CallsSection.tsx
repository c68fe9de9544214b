import type { ChainNamespace } from '@reown/appkit-common'
import { ChainController } from '@reown/appkit-controllers'
import { useState } from 'react'
import { usePaylinkConfig, usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { NamespaceSelect } from './NamespaceSelect.js'
import { toolkitCalls } from './toolkitCalls.js'
import { toolkitErrorText } from './toolkitErrorText.js'
import { configuredNamespaces, namespaceWithoutAdapter } from './toolkitNamespaces.js'

type Outcome = { ok: boolean; text: string } | 'running'

/** Runs each of the toolkit's wallet calls for one namespace and shows the toolkit's own answer. */
export function CallsSection() {
  const { appKit } = usePaylinkKit()
  const config = usePaylinkConfig()
  const namespaces = [...configuredNamespaces(config), namespaceWithoutAdapter]
  const [namespace, setNamespace] = useState<ChainNamespace>(namespaces[0]!)
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({})
  const run = async (id: string) => {
    const call = toolkitCalls.find((c) => c.id === id)!
    setOutcomes((o) => ({ ...o, [id]: 'running' }))
    // The toolkit runs each call with the adapter of the active namespace, as its modal tabs do.
    if (namespace !== namespaceWithoutAdapter && ChainController.state.activeChain !== namespace)
      ChainController.setActiveNamespace(namespace)
    let outcome: Outcome
    try {
      outcome = { ok: true, text: await call.run({ appKit, config, namespace }) }
    } catch (e) {
      outcome = { ok: false, text: toolkitErrorText(e) }
    }
    setOutcomes((o) => ({ ...o, [id]: outcome }))
  }
  return (
    <section aria-labelledby="toolkit-calls-title">
      <h2 id="toolkit-calls-title">Wallet calls</h2>
      <NamespaceSelect
        label="Namespace for the calls"
        namespaces={namespaces}
        value={namespace}
        onChange={setNamespace}
      />
      <table className="balances">
        <tbody>
          {toolkitCalls.map((call) => {
            const outcome = outcomes[call.id]
            return (
              <tr key={call.id}>
                <th scope="row">
                  <button onClick={() => void run(call.id)} disabled={outcome === 'running'}>
                    {call.label}
                  </button>
                </th>
                <td>{call.note}</td>
                <td
                  data-testid={`call-${call.id}`}
                  className={outcome && outcome !== 'running' && !outcome.ok ? 'error' : undefined}
                >
                  {outcome === 'running'
                    ? 'running…'
                    : outcome
                      ? `${outcome.ok ? 'OK' : 'Error'}: ${outcome.text}`
                      : ''}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
