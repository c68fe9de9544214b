// The eip155 family's web face (see ../../../README.md): viem reads, wagmi sends and signs.
import { useAppKitNetwork, useAppKitProvider } from '@reown/appkit/react'
import { formatEstimate } from '../../money.js'
import { useCallback } from 'react'
import type { PayChoice, Transfer, WebFamily, WebToolkit } from '../../webContract.js'
import { evmPollInterval } from './evmPollInterval.js'
import { publicClientFor } from './publicClient.js'
import { readEvmBalances } from './readEvmBalances.js'
import { switchEvmChain, type Eip1193Provider } from './switchEvmChain.js'
import { evmTransferOf, useEvmTransferFee } from './useEvmTransferFee.js'
import { useSendTransfer } from './useSendTransfer.js'
import { useSignEvmMessage } from './useSignEvmMessage.js'
import { useCollectorConsent } from './useCollectorConsent.js'

export { publicClientFor } from './publicClient.js'
export { ChainNotSupportedError, switchEvmChain, type Eip1193Provider } from './switchEvmChain.js'

/** Sends, then waits until the transfer is in a block, so the balances read next show it. */
function useSendEvm(toolkit: WebToolkit) {
  const sendTransfer = useSendTransfer(toolkit)
  return useCallback(
    async (transfer: Transfer): Promise<string> => {
      const hash = await sendTransfer(evmTransferOf(transfer))
      await publicClientFor(transfer.network).waitForTransactionReceipt({ hash, timeout: 60_000 })
      return hash
    },
    [sendTransfer],
  )
}

/** What paying an option sends: the amount still due, to the option's recipient. */
const evmCheckoutTransfer = ({ network, asset, option, due }: PayChoice, from: string): Transfer => ({
  network,
  asset,
  from,
  to: option.recipient,
  amount: due,
})

function usePayEvm(toolkit: WebToolkit) {
  const sendTransfer = useSendTransfer(toolkit)
  return useCallback(
    (choice: PayChoice, from: string) => sendTransfer(evmTransferOf(evmCheckoutTransfer(choice, from))),
    [sendTransfer],
  )
}

export const eip155Web: WebFamily<'eip155'> = {
  namespace: 'eip155',
  pollIntervalOf: evmPollInterval,
  readHead: (network) => publicClientFor(network).getBlockNumber({ cacheTime: 0 }),
  readBalances: readEvmBalances,
  useSignMessage: useSignEvmMessage,
  useSwitchWallet() {
    const { walletProvider } = useAppKitProvider<Eip1193Provider>('eip155')
    return walletProvider ? (network) => switchEvmChain(walletProvider, network) : null
  },
  useTransferFee: useEvmTransferFee,
  useSend: useSendEvm,
  defaultAccountType: 'eoa',
  send: {
    looksLikeAddress: (text) => /^0x[0-9a-fA-F]{40}$/.test(text),
    feeText: ({ fee }, coin) => `≈ ${formatEstimate(fee, coin.decimals)} ${coin.symbol}`,
    sendsWhatWasPriced: false,
  },
  refund: {
    isMerchantWallet: (connected, recipient) => connected?.toLowerCase() === recipient.toLowerCase(),
    askAddress: null,
    recordTries: 10,
  },
  checkout: {
    payingAddress: (account) => account.address,
    // The active network: the switch step also brings the toolkit back to EVM when another family was active.
    useWalletNetwork() {
      return useAppKitNetwork().caipNetworkId
    },
    transferOf: evmCheckoutTransfer,
    usePay: usePayEvm,
    waitsForFee: false,
    explainsFeeError: false,
    feeNote: '',
    offersSwap: true,
  },
  collector: {
    useConsent: useCollectorConsent,
  },
}
