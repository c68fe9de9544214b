// The solana family's web face (see ../../../README.md): JSON-RPC reads, @solana/kit transfers signed by the wallet.
import { formatEstimate } from '../../money.js'
import { useCallback } from 'react'
import type { Transfer, WebFamily } from '../../webContract.js'
import { isSolanaAddress } from '../core/isSolanaAddress.js'
import { readSolanaBalances, readSolanaHead } from './readSolanaBalances.js'
import { waitForSolanaSignature } from './sendSolanaTransaction.js'
import { solanaTransferOf } from './solanaTransferOf.js'
import { useSendSolanaTransfer } from './useSendSolanaTransfer.js'
import { useSignSolanaMessage } from './useSignSolanaMessage.js'
import { useSolanaTransferFee } from './useSolanaTransferFee.js'
import { useSolanaCollectorConsent } from './useSolanaCollectorConsent.js'

export { isSolanaAddress } from '../core/isSolanaAddress.js'

/** The Wallet page's send: resolves once the transfer is `confirmed`, so the balances read next show it. */
function useSendSolana() {
  const send = useSendSolanaTransfer()
  return useCallback(
    async (transfer: Transfer): Promise<string> => {
      const signature = await send(transfer)
      await waitForSolanaSignature(transfer.network.rpcUrl, signature)
      return signature
    },
    [send],
  )
}

export const solanaWeb: WebFamily<'solana'> = {
  namespace: 'solana',
  // 400 ms slots: asked every second.
  pollIntervalOf: () => 1000,
  readHead: readSolanaHead,
  readBalances: readSolanaBalances,
  useSignMessage: useSignSolanaMessage,
  useSwitchWallet: () => null,
  useTransferFee: useSolanaTransferFee,
  useSend: useSendSolana,
  // A faucet transfer lands in the next slot: waited for, so the balances read next show it.
  waitForTransfer: (network, signature) => waitForSolanaSignature(network.rpcUrl, signature),
  defaultAccountType: 'eoa',
  send: {
    looksLikeAddress: isSolanaAddress,
    feeText: ({ fee }, coin) => `≈ ${formatEstimate(fee, coin.decimals)} ${coin.symbol}`,
    sendsWhatWasPriced: false,
  },
  refund: {
    isMerchantWallet: (connected, recipient) => connected === recipient,
    askAddress: null,
    recordTries: 10,
  },
  checkout: {
    payingAddress: (account) => account.address,
    // No switch step: the chain goes with each request to the wallet.
    useWalletNetwork: null,
    transferOf: solanaTransferOf,
    usePay() {
      const send = useSendSolanaTransfer()
      return (choice, from) => send(solanaTransferOf(choice, from))
    },
    waitsForFee: true,
    explainsFeeError: true,
    feeNote: '',
    offersSwap: false,
  },
  collector: {
    useConsent: useSolanaCollectorConsent,
  },
}
