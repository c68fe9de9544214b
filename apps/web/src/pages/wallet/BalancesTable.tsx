import type { WalletNamespace } from './walletNamespace.js'
import { useBalances } from '../../wallet/useBalances.js'
import { AmountText } from '../pay/AmountText.js'
import { plainWalletError } from './plainWalletError.js'

export function BalancesTable({ namespace, address }: { namespace: WalletNamespace; address: string | undefined }) {
  const balances = useBalances(namespace, address)
  if (balances.isPending) return <p role="status">Reading balances…</p>
  if (balances.isError)
    return (
      <p role="alert" className="error">
        {plainWalletError(balances.error)}
      </p>
    )
  return (
    <table className="balances" data-testid={`balances-${namespace}`}>
      <thead>
        <tr>
          <th scope="col">Network</th>
          <th scope="col">Asset</th>
          <th scope="col" className="num">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.data.flatMap(({ network, balances: rows }) =>
          rows.map((b) => (
            <tr key={b.asset.assetId} data-asset={b.asset.assetId}>
              <td>{network.name}</td>
              <td>{b.asset.symbol}</td>
              <td className="num">
                {b.amount !== null ? (
                  <AmountText amount={b.amount} decimals={b.asset.decimals} symbol={b.asset.symbol} />
                ) : (
                  <span className="error" role="alert">
                    {b.error}
                  </span>
                )}
              </td>
            </tr>
          )),
        )}
      </tbody>
      <caption>
        <button type="button" className="link" onClick={() => balances.refetch()} disabled={balances.isFetching}>
          {balances.isFetching ? 'Refreshing…' : 'Refresh balances'}
        </button>
      </caption>
    </table>
  )
}
