import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMemo } from 'react'
import type { ChainAsset, ChainNetwork } from '../../chainShapes.js'
import { parseCaipAssetId } from '../../parseCaipAssetId.js'
import type { CollectorConsent, CollectorConsentTerms } from '../../webContract.js'
import type { SolanaDelegateRequest } from './prepareSolanaDelegate.js'
import { sendSolanaTransaction, waitForSolanaSignature } from './sendSolanaTransaction.js'

/**
 * The payer's wallet side of automatic renewal on Solana: `consent` makes the server's collector
 * key (`terms.collector`) the delegate of the payer's token account up to the cap; `revoke` takes
 * it back. Each waits until `confirmed`, so the page says "done" only when the chain says so.
 * The token program caps the total, not how often: Paylink's scheduler pulls at most once per period.
 */
export function useSolanaCollectorConsent(): CollectorConsent {
  const { walletProvider } = useAppKitProvider<unknown>('solana')
  const { address: connected, isConnected } = useAppKitAccount({ namespace: 'solana' })
  const owner = isConnected ? connected : undefined
  return useMemo(() => {
    const requestOf = (
      network: ChainNetwork,
      asset: ChainAsset,
      terms: CollectorConsentTerms,
    ): SolanaDelegateRequest => {
      if (!walletProvider || !owner) throw new Error('Connect a Solana wallet first.')
      const mint = parseCaipAssetId(asset.assetId).assetReference
      if (mint !== terms.token) throw new Error(`The terms are for the token ${terms.token}, not ${asset.symbol}.`)
      return { rpcUrl: network.rpcUrl, owner, mint, decimals: asset.decimals }
    }
    const sent = async (network: ChainNetwork, transaction: Uint8Array) => {
      const signature = await sendSolanaTransaction(walletProvider, network.caipNetworkId, transaction)
      await waitForSolanaSignature(network.rpcUrl, signature)
      return signature
    }
    return {
      async consent(network, asset, terms, allowance) {
        const request = requestOf(network, asset, terms)
        // Loaded on demand: the token program's builders stay out of a page that never asks.
        const { prepareSolanaApprove } = await import('./prepareSolanaDelegate.js')
        return sent(network, await prepareSolanaApprove({ ...request, delegate: terms.collector, amount: allowance }))
      },
      async revoke(network, asset, terms) {
        const request = requestOf(network, asset, terms)
        const { prepareSolanaRevoke } = await import('./prepareSolanaDelegate.js')
        return sent(network, await prepareSolanaRevoke(request))
      },
    }
  }, [walletProvider, owner])
}
