import type { Link } from '@paylink/shared'
import { useAppKit } from '@reown/appkit/react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useConnectedFamilies } from '../../wallet/useConnectedFamilies.js'
import { ConnectPrompt } from './ConnectPrompt.js'
import { NamespaceChooser } from './NamespaceChooser.js'
import { PayOnFamily } from './PayOnFamily.js'
import { connectLabel, payNamespaces, type PayNamespace } from './payNamespaces.js'
import { optionContext, type OptionContext } from './usePayOption.js'
import { useT } from '../../i18n/useT.js'

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
  const connected = useConnectedFamilies()
  const { t } = useT()
  const namespaces = payNamespaces(link.options)
  const chosen = namespace ?? namespaces.find((n) => connected[n]) ?? namespaces[0]
  if (!chosen) return <p role="status">{t('wallet.noOption')}</p>
  const contexts = link.options
    .filter((o) => o.caipNetworkId.startsWith(`${chosen}:`))
    .map((o) => optionContext(o, config))
    .filter((c): c is OptionContext => c !== null && c.due > 0n)
  return (
    <>
      {namespaces.length > 1 && (
        <NamespaceChooser link={link} namespaces={namespaces} value={chosen} onChange={onNamespace} />
      )}
      {connected[chosen] ? (
        <PayOnFamily key={chosen} namespace={chosen} link={link} contexts={contexts} waiting={waiting} />
      ) : (
        <ConnectPrompt
          label={connectLabel(namespaces, chosen)}
          onConnect={() => void open({ view: 'Connect', namespace: chosen })}
        />
      )}
    </>
  )
}
