import type { Asset, Network } from '@paylink/shared'
import { parseUnits } from '@paylink/shared'
import { webFamilyOf, type TransferFee, type WebNamespace } from '@paylink/chains/web'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { useRefreshBalances } from './useBalances.js'
import { useWebToolkit } from './useWebToolkit.js'

export interface SendRequest {
  network: Network
  /** The coin or a token of `network`. */
  asset: Asset
  to: string
  /** Decimal string in asset units. */
  amount: string
  /** The fee shown for this very transfer (useTransferFee): a family that sends what it priced (Bitcoin's plan) uses it. */
  priced?: TransferFee | undefined
}

export interface SendResult {
  hash: string
  network: Network
}

/**
 * Sends the coin or a token from the connected wallet of one namespace, as its family does (wagmi
 * on EVM, a transaction built here on Solana, a PSBT of the shown plan on Bitcoin); waits until
 * the transfer counts in balances, then refreshes them.
 */
export function useSendAsset(namespace: WebNamespace) {
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  const send = webFamilyOf(namespace).useSend(useWebToolkit())
  const refresh = useRefreshBalances()
  return useMutation({
    mutationFn: async ({ network, asset, to, amount, priced }: SendRequest): Promise<SendResult> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      const hash = await send({ network, asset, from: address, to, amount: parseUnits(amount, asset.decimals) }, priced)
      return { hash, network }
    },
    onSettled: () => refresh(),
  })
}
