import type { WalletNamespace } from './walletNamespace.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { plainWalletError } from './plainWalletError.js'
import { useTestFunds } from '../../wallet/useTestFunds.js'

/** Demo only: fills the connected account from the devnet's faucet. */
export function TestFundsButton({ namespace, address }: { namespace: WalletNamespace; address: string }) {
  const funds = useTestFunds(namespace)
  const { assets } = usePaylinkConfig()
  const symbolOf = (assetId: string) => assets.find((a) => a.assetId === assetId)?.symbol ?? assetId
  return (
    <div className="tool test-funds">
      <button type="button" onClick={() => funds.mutate(address)} disabled={funds.isPending}>
        {funds.isPending ? 'Sending test funds…' : 'Get test funds'}
      </button>
      {funds.isPending && (
        <p role="status" className="muted">
          Asking the devnet's faucet…
        </p>
      )}
      {funds.isError && (
        <p role="alert" className="error" data-testid={`test-funds-error-${namespace}`}>
          Could not get test funds: {plainWalletError(funds.error)}
        </p>
      )}
      {funds.isSuccess && (
        <p role="status" data-testid={`test-funds-${namespace}`}>
          Sent {funds.data.map((a) => `${a.amount} ${symbolOf(a.asset)}`).join(', ')} to this account.
        </p>
      )}
    </div>
  )
}
