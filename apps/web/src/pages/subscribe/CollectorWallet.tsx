import { webFamilyOf, type CollectorConsentTerms, type CollectorPart } from '@paylink/chains/web'
import { shortHex, type Asset, type Network } from '@paylink/shared'
import { useState } from 'react'
import { usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { useT } from '../../i18n/useT.js'
import { useConnectedAddress } from '../../wallet/useConnectedAddress.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useWebToolkit } from '../../wallet/useWebToolkit.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { ConnectPrompt } from '../pay/ConnectPrompt.js'
import { ErrorText } from '../../components/ErrorText.js'

/** What an action may ask of the connected wallet: its address, and the collector's two writes. */
export interface CollectorTools {
  address: string
  consent(terms: CollectorConsentTerms, allowance: bigint): Promise<string>
  revoke(terms: CollectorConsentTerms): Promise<string>
}

interface CollectorWalletProps {
  network: Network
  asset: Asset
  label: string
  busyLabel: string
  testId: string
  run(tools: CollectorTools): Promise<void>
}

/**
 * The wallet half of automatic renewal (comes with the toolkit): the network's family decides how
 * the wallet consents (EVM: the collector contract; Solana: an SPL delegate). Its parent keys it by
 * network, so the family's hooks stay the same for its whole life.
 */
export function CollectorWallet(props: CollectorWalletProps) {
  const family = webFamilyOf(props.network.caipNetworkId)
  // The server offers automatic renewal only on families that have it; this is the page's guard.
  if (!family.collector) throw new Error(`Automatic renewal is not offered on ${props.network.name}.`)
  return <FamilyCollectorWallet {...props} namespace={family.namespace} collectorPart={family.collector} />
}

/** Connect until an account of the family is there, then one button that switches to the plan's network and runs `run` with the wallet. */
function FamilyCollectorWallet({
  network,
  asset,
  label,
  busyLabel,
  testId,
  run,
  namespace,
  collectorPart,
}: CollectorWalletProps & { namespace: ReturnType<typeof webFamilyOf>['namespace']; collectorPart: CollectorPart }) {
  const { appKit } = usePaylinkKit()
  const address = useConnectedAddress(namespace)
  const collector = collectorPart.useConsent(useWebToolkit())
  const switchNetwork = useSwitchNetwork()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const { t } = useT()
  if (!address) return <ConnectPrompt onConnect={() => void appKit.open({ view: 'Connect', namespace })} />
  return (
    <div className="pay-connect">
      <p className="muted" data-testid="collector-wallet">
        {t('sub.wallet.from', { address: shortHex(address) })}
      </p>
      <button
        type="button"
        className="primary big"
        data-testid={testId}
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          setError(null)
          try {
            await switchNetwork.mutateAsync(network)
            await run({
              address,
              consent: (terms, allowance) => collector.consent(network, asset, terms, allowance),
              revoke: (terms) => collector.revoke(network, asset, terms),
            })
          } catch (e) {
            setError(e)
          } finally {
            setBusy(false)
          }
        }}
      >
        {busy ? busyLabel : label}
      </button>
      <ErrorText error={Boolean(error) && describeWalletError(error)} />
    </div>
  )
}
