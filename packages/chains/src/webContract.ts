import type { ChainAsset, ChainLinkOption, ChainNetwork, CollectorConsentTerms } from './chainShapes.js'
import type { AppKit } from '@reown/appkit/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { Config } from 'wagmi'

export type { CollectorConsentTerms } from './chainShapes.js'

/**
 * What the app hands a family's hooks: the toolkit's own objects, which a family never creates.
 * No WagmiProvider is mounted (apps/web/src/appkit/KitEffects.tsx), so wagmi's config goes by hand.
 */
export interface WebToolkit {
  wagmiConfig: Config
  appKit: Pick<AppKit, 'getCaipNetwork'>
}

/** One transfer of a network's coin or token, in atomic units. */
export interface Transfer {
  network: ChainNetwork
  /** The coin or a token of `network`. */
  asset: ChainAsset
  from: string
  to: string
  amount: bigint
  /** Keys a tracker finds the transfer by (Solana Pay `reference`); families without them ignore this. */
  references?: readonly string[] | undefined
}

/** What a transfer costs before the wallet is asked, in the network's coin. */
export interface TransferFee {
  fee: bigint
  /** Set aside on top of the fee (Solana: the rent of the recipient's new token account); 0 elsewhere. */
  rent: bigint
  /** What the family planned along with the fee, handed back to its `useSend` (Bitcoin: the coins the PSBT spends). */
  prepared?: unknown
}

/** One checkout option the payer may pay: what is still due of it, on its network and asset. */
export interface PayChoice {
  option: ChainLinkOption
  network: ChainNetwork
  asset: ChainAsset
  due: bigint
}

/** The connected account as the toolkit reports it (useAppKitAccount). */
export interface ToolkitAccount {
  address?: string | undefined
  allAccounts: ReadonlyArray<{ address: string; type?: string | undefined }>
}

/** The family's part of the Wallet page's Send form. */
export interface SendFormPart {
  /** Enough to ask for a fee; the wallet checks the address fully. */
  looksLikeAddress(text: string): boolean
  /** The fee line once read (the form adds any rent itself). */
  feeText(fee: TransferFee, coin: ChainNetwork['nativeCurrency']): string
  /** Send waits for the fee: the transaction is built from what was priced (Bitcoin's coin plan). */
  sendsWhatWasPriced: boolean
}

/** The family's part of the dashboard's Refund form. */
export interface RefundFormPart {
  /** Whether the connected wallet may send the refund of an option paid to `recipient`. */
  isMerchantWallet(connected: string | undefined, recipient: string): boolean
  /** null: the refund goes back to the address that paid. Otherwise the merchant types (or the payer gave) one. */
  askAddress: null | {
    legend: string
    hint: string
    /** The sentence to show when `text` is not a refund address; null when it is. */
    problem(text: string): string | null
  }
  /** How many times the server is asked to record the refund before giving up (it must see it on chain). */
  recordTries: number
}

/** The family's part of the checkout's connected-wallet form (apps/web/src/pages/pay/PayOnFamily.tsx). */
export interface CheckoutPart {
  /** Which account pays (a sats-connect wallet also has an ordinals account). */
  payingAddress(account: ToolkitAccount): string | undefined
  /**
   * The wallet's network when the family pays on one network at a time (a switch step comes first
   * otherwise); null when the chain goes with each request (no switch step).
   */
  useWalletNetwork: ((toolkit: WebToolkit, connected: boolean) => string | undefined) | null
  /** What paying `choice` from `from` sends; null when the option has nothing this wallet can pay to. */
  transferOf(choice: PayChoice, from: string): Transfer | null
  /** Has the wallet pay `choice`; resolves with the transaction id as soon as it is sent. */
  usePay(toolkit: WebToolkit): (choice: PayChoice, from: string) => Promise<string>
  /** Pay waits until the fee is read (a transfer the network will not price would fail in the wallet too). */
  waitsForFee: boolean
  /** Whether a failed estimate says why. */
  explainsFeeError: boolean
  /** After the fee (Bitcoin: the wallet sets the final one). */
  feeNote: string
  /** The toolkit's Swap view is offered to a payer short of the asset. */
  offersSwap: boolean
}

/** What the connected wallet does for automatic renewal; each resolves with the transaction id once it counts on chain. */
export interface CollectorConsent {
  /** Gives the collector a capped allowance (`allowance` atomic units of `asset`) under the terms. */
  consent(network: ChainNetwork, asset: ChainAsset, terms: CollectorConsentTerms, allowance: bigint): Promise<string>
  /** Takes the allowance back: no renewal can be pulled after it. */
  revoke(network: ChainNetwork, asset: ChainAsset, terms: CollectorConsentTerms): Promise<string>
}

/** The family's part of automatic renewal (the subscribe and manage pages). */
export interface CollectorPart {
  useConsent(toolkit: WebToolkit): CollectorConsent
}

/**
 * A chain family's web face: everything the generic hooks in apps/web/src/wallet ask of a family.
 * The hooks (use…) are called only by components that show one family for their whole life, so
 * their order never changes between renders.
 */
export interface WebFamily<N extends string = string> {
  namespace: N
  /** How often to ask for the head while the page is seen: about the network's block time. */
  pollIntervalOf(network: Pick<ChainNetwork, 'caipNetworkId' | 'testnet'>): number
  /** The cheapest sign the network moved (block number, slot, tip height). */
  readHead(network: ChainNetwork): Promise<bigint>
  /** Each asset's atomic balance of `address` in one request; an Error on a row that could not be read. */
  readBalances(network: ChainNetwork, assets: readonly ChainAsset[], address: string): Promise<Array<bigint | Error>>
  /** Signs a text message, the signature written as the ecosystem writes it. */
  useSignMessage(toolkit: WebToolkit): (message: string) => Promise<string>
  /** Asks the wallet itself to switch before the toolkit does, so a refusal reaches the page; null when the toolkit's switch is enough. */
  useSwitchWallet(): ((network: ChainNetwork) => Promise<void>) | null
  /** The fee of a transfer before the wallet is asked; null asks nothing. */
  useTransferFee(transfer: Transfer | null): UseQueryResult<TransferFee>
  /** Sends a transfer from the connected wallet and waits until it counts in balances; resolves with its id. */
  useSend(toolkit: WebToolkit): (transfer: Transfer, priced: TransferFee | undefined) => Promise<string>
  /** Demo faucet: waits until a transfer the server sent counts in balances (default: it already does). */
  waitForTransfer?(network: ChainNetwork, transactionId: string): Promise<void>
  /** The account type shown when the toolkit names none. */
  defaultAccountType: string
  send: SendFormPart
  refund: RefundFormPart
  checkout: CheckoutPart
  /** Automatic renewal from the payer's wallet; absent where the family has none. */
  collector?: CollectorPart
}
