// The bip122 family's web face (see ../../../README.md): Esplora reads, PSBTs and the toolkit's Bitcoin adapter.
import { formatUnits } from '../../money.js'
import { useAppKitNetwork } from '@reown/appkit/react'
import type { PayChoice, Transfer, WebFamily } from '../../webContract.js'
import { bitcoinPayAddress } from './bitcoinPayAddress.js'
import { readBitcoinBalances, readBitcoinHead } from './readBitcoinBalances.js'
import { useBitcoinTransferPlan } from './useBitcoinTransferPlan.js'
import { useSendBitcoinTransfer } from './useSendBitcoinTransfer.js'
import { useSendBitcoinWithPsbt } from './useSendBitcoinWithPsbt.js'
import { useSignBitcoinMessage } from './useSignBitcoinMessage.js'

/** Looks like a Bitcoin address (bech32 or base58): enough to ask for a fee; the wallet checks it fully. */
const looksLikeBitcoinAddress = (text: string) =>
  /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/i.test(text) || /^[123mn][1-9A-HJ-NP-Za-km-z]{25,39}$/.test(text)

/** What paying an option sends: the amount still due, to the option's own address; null when it has none. */
function bitcoinTransferOf({ network, asset, option, due }: PayChoice, from: string): Transfer | null {
  const to = bitcoinPayAddress(option)
  return to === null ? null : { network, asset, from, to, amount: due }
}

export const bip122Web: WebFamily<'bip122'> = {
  namespace: 'bip122',
  // 10-minute blocks every 10 s; the test networks (the demo's regtest mines on demand) every 1 s.
  pollIntervalOf: (network) => (network.testnet ? 1000 : 10_000),
  readHead: readBitcoinHead,
  readBalances: readBitcoinBalances,
  useSignMessage: useSignBitcoinMessage,
  useSwitchWallet: () => null,
  useTransferFee: useBitcoinTransferPlan,
  useSend: useSendBitcoinWithPsbt,
  defaultAccountType: 'payment',
  send: {
    looksLikeAddress: looksLikeBitcoinAddress,
    feeText: ({ fee }, coin) =>
      `${formatUnits(fee, coin.decimals)} ${coin.symbol} (${fee} sat, exactly what the transaction pays)`,
    // The coins and fee are planned first and the wallet signs a PSBT of this plan, so the fee shown is exact.
    sendsWhatWasPriced: true,
  },
  refund: {
    // The option's recipient is a watch-only key: any connected Bitcoin wallet may be the merchant's.
    isMerchantWallet: (connected) => Boolean(connected),
    askAddress: {
      legend: 'a Bitcoin address',
      hint: "The payer's Bitcoin address, as they gave it to you (or ask them to give one on the receipt's refund page, signed).",
      problem: (text) =>
        /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/i.test(text)
          ? null
          : 'Refund address: a Bitcoin address such as bcrt1q…',
    },
    recordTries: 40,
  },
  checkout: {
    // A sats-connect wallet also has an ordinals account: the payment account pays.
    payingAddress: (account) => account.allAccounts.find((a) => a.type === 'payment')?.address ?? account.address,
    useWalletNetwork({ appKit }, connected) {
      // AppKit's own hook reports only the active namespace's network; it is called for its re-render on changes.
      useAppKitNetwork()
      return connected ? appKit.getCaipNetwork('bip122')?.caipNetworkId : undefined
    },
    transferOf: bitcoinTransferOf,
    usePay() {
      const send = useSendBitcoinTransfer()
      return (choice) => {
        const recipient = bitcoinPayAddress(choice.option)
        if (!recipient)
          throw new Error('This option has no Bitcoin address to pay; use Scan to pay or ask the merchant.')
        return send({ recipient, amount: choice.due })
      }
    },
    waitsForFee: true,
    explainsFeeError: true,
    // The fee of the plan Paylink would make; the wallet picks its own coins and rate (sendTransfer).
    feeNote: ' (your wallet sets the final fee)',
    offersSwap: false,
  },
}
