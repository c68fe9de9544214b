import type { Link } from '@paylink/shared'
import { useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { ConnectPrompt } from './ConnectPrompt.js'
import { NamespaceChooser, namespaceNames } from './NamespaceChooser.js'
import { PayOnBitcoin } from './PayOnBitcoin.js'
import { PayOnEvm } from './PayOnEvm.js'
import { PayOnSolana } from './PayOnSolana.js'
import { payNamespaces, type PayNamespace } from './payNamespaces.js'
import { optionContext, type OptionContext } from './usePayOption.js'

const payOn = { eip155: PayOnEvm, solana: PayOnSolana, bip122: PayOnBitcoin } satisfies Record<PayNamespace, unknown>

/**
 * The connected-wallet checkout: the payer's chain family (chosen when the link has options on
 * several; else the one already connected), its Connect prompt, then that family's pay form.
 */
export function PayWithWallet({
  link,
  waiting,
  namespace,
  onNamespace,
}: {
  link: Link
  waiting: boolean
  namespace: PayNamespace | null
  onNamespace(namespace: PayNamespace): void
}) {
  const { open } = useAppKit()
  const config = usePaylinkConfig()
  const connected: Record<PayNamespace, boolean> = {
    eip155: useAppKitAccount({ namespace: 'eip155' }).isConnected,
    solana: useAppKitAccount({ namespace: 'solana' }).isConnected,
    bip122: useAppKitAccount({ namespace: 'bip122' }).isConnected,
  }
  const namespaces = payNamespaces(link.options)
  const chosen = namespace ?? namespaces.find((n) => connected[n]) ?? namespaces[0]
  if (!chosen) return <p role="status">This link has no option a wallet can pay here; use Scan to pay.</p>
  const contexts = link.options
    .filter((o) => o.caipNetworkId.startsWith(`${chosen}:`))
    .map((o) => optionContext(o, config))
    .filter((c): c is OptionContext => c !== null && c.due > 0n)
  const Pay = payOn[chosen]
  return (
    <>
      {namespaces.length > 1 && (
        <NamespaceChooser link={link} namespaces={namespaces} value={chosen} onChange={onNamespace} />
      )}
      {connected[chosen] ? (
        <Pay key={chosen} link={link} contexts={contexts} waiting={waiting} />
      ) : (
        <ConnectPrompt
          label={namespaces.length > 1 || chosen !== 'eip155' ? namespaceNames[chosen] : null}
          onConnect={() => void open({ view: 'Connect', namespace: chosen })}
        />
      )}
    </>
  )
}
