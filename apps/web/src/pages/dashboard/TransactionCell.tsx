import { shortHex } from '@paylink/shared'
import { CopyButton } from '../../components/CopyButton.js'

/**
 * A transaction hash in a dashboard table: to the explorer where the network has one, and a copy
 * button; with `network`, the network's name under it.
 */
export function TransactionCell({
  txHash,
  explorer,
  network,
}: {
  txHash: string
  explorer: string | null | undefined
  network?: string
}) {
  return (
    <>
      {explorer ? (
        <a href={explorer} target="_blank" rel="noreferrer" title={txHash}>
          {shortHex(txHash, 6)}
        </a>
      ) : (
        <code title={txHash}>{shortHex(txHash, 6)}</code>
      )}{' '}
      <CopyButton value={txHash} />
      {network !== undefined && <div className="dash-muted dash-small">{network}</div>}
    </>
  )
}
