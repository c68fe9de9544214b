import { shortHex, type DepositNetwork, type Network } from '@paylink/shared'
import { webFamilyOf } from '@paylink/chains/web'
import { useAppKit, useAppKitAccount, useAppKitNetwork } from '@reown/appkit/react'
import { useQuery } from '@tanstack/react-query'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { describeWalletError } from '../../../wallet/walletErrors.js'
import { useSwitchNetwork } from '../../../wallet/useSwitchNetwork.js'
import { LoadError } from '../DashTable.js'
import { depositsQueryKey, listDeposits } from './depositsApi.js'
import { useCollectDeposits, type CollectPhase } from './useCollectDeposits.js'

const phaseLabel: Record<CollectPhase, string> = {
  idle: 'Collect',
  preparing: 'Preparing the transaction…',
  wallet: 'Confirm in your wallet…',
  mining: 'Waiting for the block…',
}

function NetworkDeposits({ deposits, network }: { deposits: DepositNetwork; network: Network }) {
  const { open } = useAppKit()
  const { namespace } = webFamilyOf(network.caipNetworkId)
  const { isConnected } = useAppKitAccount({ namespace })
  const { caipNetworkId } = useAppKitNetwork()
  const switcher = useSwitchNetwork()
  const collect = useCollectDeposits()
  const onNetwork = caipNetworkId === network.caipNetworkId
  const slug = network.caipNetworkId.replace(':', '-')
  return (
    <section className="card" aria-labelledby={`deposits-${slug}`} data-testid={`deposits-${slug}`}>
      <h3 id={`deposits-${slug}`}>{network.name}</h3>
      {deposits.waiting.length === 0 ? (
        <p className="dash-muted" data-testid="deposits-empty">
          {deposits.addressesRead === 0
            ? 'No link has a deposit address on this network yet.'
            : `Nothing waits at your ${deposits.addressesRead} deposit address${deposits.addressesRead === 1 ? '' : 'es'} here.`}
        </p>
      ) : (
        <>
          <p>
            Waiting at {deposits.deposits.length} deposit address{deposits.deposits.length === 1 ? '' : 'es'}:
          </p>
          <ul data-testid="deposits-waiting">
            {deposits.waiting.map((balance) => (
              <li key={balance.asset}>
                <strong>{balance.amount}</strong> {balance.symbol}
              </li>
            ))}
          </ul>
          <p className="dash-muted dash-small">
            One transaction from your wallet moves them to each link's recipient, through the factory{' '}
            <code title={deposits.factory}>{shortHex(deposits.factory)}</code>; you pay its gas. Nobody else can send
            them anywhere else.
          </p>
          {!isConnected ? (
            <button type="button" onClick={() => void open({ view: 'Connect', namespace })}>
              Connect a wallet to collect
            </button>
          ) : !onNetwork ? (
            <button type="button" disabled={switcher.isPending} onClick={() => switcher.mutate(network)}>
              {switcher.isPending ? 'Switching… confirm in your wallet' : `Switch to ${network.name} to collect`}
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              data-testid="collect-button"
              disabled={collect.isPending}
              onClick={() => collect.mutate(network)}
            >
              {phaseLabel[collect.phase]}
            </button>
          )}
        </>
      )}
      {collect.isSuccess && (
        <p role="status" data-testid="collect-result">
          Collected {collect.data.collected} deposit address{collect.data.collected === 1 ? '' : 'es'} in{' '}
          <code title={collect.data.hash}>{shortHex(collect.data.hash)}</code>.
          {collect.data.remaining > 0 ? ` ${collect.data.remaining} more wait: collect again.` : ''}
        </p>
      )}
      {(collect.isError || switcher.isError) && (
        <p role="alert" className="error">
          {describeWalletError(collect.error ?? switcher.error)}
        </p>
      )}
    </section>
  )
}

/** Scan to pay's other half: what payers sent to the links' deposit addresses, and the button that collects it. */
export function DepositsPage() {
  const config = usePaylinkConfig()
  const deposits = useQuery({ queryKey: depositsQueryKey, queryFn: listDeposits, refetchInterval: 10_000 })
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h2 id="deposits-title">Deposits</h2>
      <p className="dash-muted">
        Payers who scan a link's QR code pay its own deposit address. The funds stay there, yours alone, until you
        collect them to your address.
      </p>
      {deposits.isPending ? (
        <p role="status">Reading your deposit addresses…</p>
      ) : deposits.isError ? (
        <LoadError what="Your deposits" error={deposits.error} retry={() => deposits.refetch()} />
      ) : deposits.data.networks.length === 0 ? (
        <p data-testid="deposits-none">No network here gives links deposit addresses.</p>
      ) : (
        deposits.data.networks.map((entry) => {
          const network = config.networks.find((n) => n.caipNetworkId === entry.caipNetworkId)
          return network ? <NetworkDeposits key={entry.caipNetworkId} deposits={entry} network={network} /> : null
        })
      )}
    </section>
  )
}
