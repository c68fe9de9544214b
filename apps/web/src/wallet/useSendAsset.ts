import type { Asset, BitcoinTransferPlan, Network } from '@paylink/shared'
import { parseCaipAssetId, parseUnits } from '@paylink/shared'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { publicClientFor } from './publicClient.js'
import { readBitcoinTransferPlan } from './readBitcoinTransferPlan.js'
import type { BitcoinPsbtSigner } from './sendBitcoinWithPsbt.js'
import { sendSolanaTransaction, waitForSolanaSignature } from './sendSolanaTransaction.js'
import { useRefreshBalances } from './useBalances.js'
import { useSendTransfer } from './useSendTransfer.js'

export interface SendRequest {
  network: Network
  /** The coin or a token of `network`. */
  asset: Asset
  to: string
  /** Decimal string in asset units. */
  amount: string
  /** bip122: the plan whose fee was shown (useBitcoinTransferPlan for this very amount); read now when absent. */
  bitcoinPlan?: BitcoinTransferPlan
}

export interface SendResult {
  hash: string
  network: Network
}

/**
 * Sends the coin or a token on eip155 (through wagmi: a transfer or an ERC-20 `transfer`) or
 * solana (SOL or an SPL token, built here and signed and sent by the wallet), or BTC on bip122
 * (a PSBT of the shown plan, signed by the wallet, broadcast here through Esplora: sendBitcoinWithPsbt);
 * waits until it is in a block (EVM) or confirmed (Solana; a Bitcoin transfer counts in the
 * balance from the mempool), then refreshes balances.
 */
export function useSendAsset(namespace: 'eip155' | 'solana' | 'bip122') {
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  const sendTransfer = useSendTransfer()
  const refresh = useRefreshBalances()
  return useMutation({
    mutationFn: async ({ network, asset, to, amount, bitcoinPlan }: SendRequest): Promise<SendResult> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      const value = parseUnits(amount, asset.decimals)
      const token = asset.native ? undefined : parseCaipAssetId(asset.assetId).assetReference
      if (namespace === 'bip122') {
        const plan =
          bitcoinPlan ?? (await readBitcoinTransferPlan({ esploraUrl: network.rpcUrl, from: address, amount: value }))
        // Loaded on demand: the PSBT code (@scure/btc-signer) stays out of the page until a send.
        const { sendBitcoinWithPsbt } = await import('./sendBitcoinWithPsbt.js')
        const { txid } = await sendBitcoinWithPsbt({
          wallet: walletProvider as BitcoinPsbtSigner,
          esploraUrl: network.rpcUrl,
          from: address,
          to,
          amount: value,
          plan,
        })
        return { hash: txid, network }
      }
      if (namespace === 'eip155') {
        const hash = await sendTransfer({ network, from: address, to, amount: value, token })
        await publicClientFor(network).waitForTransactionReceipt({ hash, timeout: 60_000 })
        return { hash, network }
      }
      // Built again here, not reused from the fee preview: its blockhash may have grown old.
      // Loaded on demand: the Solana instruction builders stay out of an EVM-only page.
      const { prepareSolanaTransfer } = await import('./prepareSolanaTransfer.js')
      const { transaction } = await prepareSolanaTransfer({
        rpcUrl: network.rpcUrl,
        from: address,
        to,
        amount: value,
        token: token === undefined ? undefined : { mint: token, decimals: asset.decimals },
      })
      const hash = await sendSolanaTransaction(walletProvider, network.caipNetworkId, transaction)
      await waitForSolanaSignature(network.rpcUrl, hash)
      return { hash, network }
    },
    onSettled: () => refresh(),
  })
}
