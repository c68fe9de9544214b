// What a chain face needs of the app's configured networks and assets and of a link's option: the
// app's `Network`, `Asset` and `LinkOption` (@paylink/shared's schemas, the API's contract) have
// these fields and more. Declared here, under @paylink/shared, so no face imports the package that
// imports this one; shared's schemas are checked against them where they are declared.

/** A network's coin, as wallets are told of it (EIP-3085's nativeCurrency). */
export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** A network the app works with: where to read it and how to name it. */
export interface ChainNetwork {
  /** CAIP-2. */
  caipNetworkId: string
  name: string
  nativeCurrency: NativeCurrency
  /** The endpoint browsers read (on a server, the first it tries). */
  rpcUrl: string
  blockExplorerUrl: string | null
  testnet: boolean
  /** EVM: the Paylink deposit factory is deployed on this network, so each option gets its own deposit address. */
  depositFactory?: boolean | undefined
}

/** The native coin or a token on a configured network. */
export interface ChainAsset {
  /** CAIP-19. */
  assetId: string
  caipNetworkId: string
  symbol: string
  name: string
  decimals: number
  native: boolean
}

/** Where a link's option is paid, as the checkout shows it. */
export interface ChainLinkOption {
  /** An address, or on Bitcoin the watch-only key's descriptor. */
  recipient: string
  /** The option's own address (EVM deposit forwarder, Bitcoin derived address) when it is not `recipient`. */
  depositAddress: string | null
  /** EIP-681, Solana Pay or BIP21: what a wallet scans to pay exactly this option. */
  paymentUri: string | null
}

/** The terms the server answers for an automatic subscription (shared's collectorTermsSchema). */
export interface CollectorConsentTerms {
  caipNetworkId: string
  /** EVM: the collector contract. Solana: the token program. */
  contract: string
  id: string
  /** The token's address (EVM) or mint (Solana). */
  token: string
  merchant: string
  /** The key that sends renewals (Solana: the delegate the payer approves). */
  collector: string
  /** Atomic units: the most one renewal takes. */
  amount: string
  intervalSeconds: number
  firstCollectAt: number
}
