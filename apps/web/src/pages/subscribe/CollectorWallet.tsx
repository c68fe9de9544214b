import { chainFacts } from '@paylink/chains/facts'
import { useCollectorConsent, type CollectorConsentTerms } from '@paylink/chains/eip155/web'
import { shortHex, type Network } from '@paylink/shared'
import { useState } from 'react'
import { usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { useT } from '../../i18n/useT.js'
import { useConnectedAddress } from '../../wallet/useConnectedAddress.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useWebToolkit } from '../../wallet/useWebToolkit.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { ConnectPrompt } from '../pay/ConnectPrompt.js'

/** Automatic renewal is an EVM collector contract: the one family this asks for. */
const evm = chainFacts.eip155.namespace

/** What an action may ask of the connected EVM wallet: its address, and the collector's two writes. */
export interface CollectorTools {
  address: string
  consent(terms: CollectorConsentTerms, allowance: bigint): Promise<string>
  revoke(terms: CollectorConsentTerms): Promise<string>
}

/**
 * The wallet half of automatic renewal (comes with the toolkit): Connect until an EVM account is
 * there, then one button that switches to the plan's network and runs `run` with the wallet.
 */
export function CollectorWallet({
  network,
  label,
  busyLabel,
  testId,
  run,
}: {
  network: Network
  label: string
  busyLabel: string
  testId: string
  run(tools: CollectorTools): Promise<void>
}) {
  const { appKit } = usePaylinkKit()
  const address = useConnectedAddress(evm)
  const collector = useCollectorConsent(useWebToolkit())
  const switchNetwork = useSwitchNetwork()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const { t } = useT()
  if (!address) return <ConnectPrompt onConnect={() => void appKit.open({ view: 'Connect', namespace: evm })} />
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
              consent: (terms, allowance) => collector.consent(network, terms, allowance),
              revoke: (terms) => collector.revoke(network, terms),
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
      {Boolean(error) && (
        <p role="alert" className="error">
          {describeWalletError(error)}
        </p>
      )}
    </div>
  )
}
