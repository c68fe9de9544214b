import type { Asset, LinkOption, Network, Payment, PublicConfig } from '@paylink/shared'
import { checkoutLink, RECIPIENT } from '@paylink/shared/testing/checkoutLink'
import { devnetEth, devnetNetwork, nothingReceived } from '@paylink/shared/testing/testNetworks'

// One devnet, one token, one link, one payment: what the checkout's tests build on, each test
// spelling out only what it is about (`tokenOption({ paid: '1000' })`).

export const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const DEPOSIT = '0x1111111111111111111111111111111111111111'
export { checkoutLink, RECIPIENT }
export const TOKEN_URI = `ethereum:${TOKEN}@31337/transfer?address=${DEPOSIT}&uint256=1234500000`

export const devnet: Network = { ...devnetNetwork, confirmations: 2 }

export const tusd: Asset = {
  assetId: `eip155:31337/erc20:${TOKEN}`,
  caipNetworkId: 'eip155:31337',
  symbol: 'TUSD',
  name: 'Test USD',
  decimals: 6,
  native: false,
}

export const eth: Asset = devnetEth

export const checkoutConfig: PublicConfig = {
  projectId: null,
  demo: true,
  networks: [devnet],
  assets: [tusd, eth],
  receiptEmail: false,
}

/** 1,234.5 TUSD paid at the link's own deposit address, nothing received yet. */
export function tokenOption(extra: Partial<LinkOption> = {}): LinkOption {
  return {
    id: 'opt_tusd',
    asset: tusd.assetId,
    caipNetworkId: 'eip155:31337',
    symbol: 'TUSD',
    decimals: 6,
    amount: '1234.5',
    recipient: RECIPIENT,
    depositAddress: DEPOSIT,
    paymentUri: TOKEN_URI,
    ...nothingReceived,
    ...extra,
  }
}

/** `asset` for `amount`, paid at the merchant's own address, with no URI (a connected wallet only). */
export function assetOption(asset: Asset, amount: string, extra: Partial<LinkOption> = {}): LinkOption {
  return tokenOption({
    id: 'opt_1',
    asset: asset.assetId,
    caipNetworkId: asset.caipNetworkId,
    symbol: asset.symbol,
    decimals: asset.decimals,
    amount,
    depositAddress: null,
    paymentUri: null,
    ...extra,
  })
}

/** A transaction handed to the server and not yet read from the chain. */
export function pendingPayment(extra: Partial<Payment> = {}): Payment {
  return {
    id: 'pay_1',
    linkId: 'lnk_1',
    caipNetworkId: 'eip155:31337',
    txHash: `0x${'a'.repeat(64)}`,
    status: 'pending',
    reason: null,
    confirmations: 0,
    requiredConfirmations: 2,
    amount: null,
    asset: null,
    optionId: null,
    payer: null,
    blockNumber: null,
    late: false,
    counted: false,
    quote: null,
    refunds: [],
    refunded: '0',
    refundAddress: null,
    createdAt: '',
    updatedAt: '',
    detectedAt: null,
    confirmedAt: null,
    ...extra,
  }
}
