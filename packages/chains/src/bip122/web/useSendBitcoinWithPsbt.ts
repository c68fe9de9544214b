import type { BitcoinTransferPlan } from '../core/index.js'
import { useAppKitProvider } from '@reown/appkit/react'
import { useCallback } from 'react'
import type { Transfer, TransferFee } from '../../webContract.js'
import { readBitcoinTransferPlan } from './readBitcoinTransferPlan.js'
import type { BitcoinPsbtSigner } from './sendBitcoinWithPsbt.js'

/**
 * The Wallet page's send: a PSBT of the plan whose fee was shown (read now when none was), signed
 * by the wallet, broadcast here through Esplora (sendBitcoinWithPsbt). A Bitcoin transfer counts
 * in the balance from the mempool, so nothing more is waited for.
 */
export function useSendBitcoinWithPsbt() {
  const { walletProvider } = useAppKitProvider<BitcoinPsbtSigner>('bip122')
  return useCallback(
    async ({ network, from, to, amount }: Transfer, priced: TransferFee | undefined): Promise<string> => {
      if (!walletProvider) throw new Error('Connect a wallet first.')
      const plan =
        (priced?.prepared as BitcoinTransferPlan | undefined) ??
        (await readBitcoinTransferPlan({ esploraUrl: network.rpcUrl, from, amount }))
      // Loaded on demand: the PSBT code (@scure/btc-signer) stays out of the page until a send.
      const { sendBitcoinWithPsbt } = await import('./sendBitcoinWithPsbt.js')
      const { txid } = await sendBitcoinWithPsbt({
        wallet: walletProvider,
        esploraUrl: network.rpcUrl,
        from,
        to,
        amount,
        plan,
      })
      return txid
    },
    [walletProvider],
  )
}
