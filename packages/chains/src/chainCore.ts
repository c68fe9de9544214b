import type { z } from 'zod'

/**
 * What anyone may know of a family as plain data, without loading its schemas or libraries: cheap
 * enough for the checkout's first paint (`@paylink/chains/facts`).
 */
export interface ChainFacts<Namespace extends string = string> {
  /** The CAIP-2 namespace (`eip155`, `solana`, `bip122`). */
  readonly namespace: Namespace
  /** How the app names the family to people ('EVM', 'Solana', 'Bitcoin'). */
  readonly label: string
  /** SLIP-44 coin type of the native coin: its CAIP-19 id is `<caipNetworkId>/slip44:<type>`. */
  readonly nativeCoinType: number
  /** Transaction ids are case-sensitive (Solana's base58 signatures); otherwise (hex) they are stored lowercase. */
  readonly caseSensitiveTransactionIds: boolean
  /**
   * The family takes a watch-only key (an extended public key or a descriptor, Bitcoin's) as a
   * link's recipient and as a merchant's saved receiving key: each option then pays its own
   * derived address (`depositAddress`), never the key itself.
   */
  readonly watchOnlyKeys: boolean
}

/**
 * The core face of a chain family: what server, web, devnet and packages/shared know about a
 * CAIP-2 namespace without reading its chain. A core face imports only libraries (never
 * @paylink/shared or an app), so every other package can import it.
 */
export interface ChainCore<Namespace extends string = string> extends ChainFacts<Namespace> {
  /** A transaction id as the API accepts it (EVM hash, Solana signature, Bitcoin txid). */
  readonly transactionIdSchema: z.ZodType<string>
  /** A plain account address, by shape (no checksum, no network): a refund or payer address. */
  readonly addressSchema: z.ZodType<string>
  /**
   * Why `recipient` cannot receive a link's (or a wallet's) payment, or null, as the form and the
   * API both check it: its shape, its own checksum (EIP-55 mixed case, bech32), a wallet key on
   * the ed25519 curve (Solana), and given `caipNetworkId` the network's address prefix (Bitcoin).
   * On Bitcoin also a watch-only extended key or descriptor (the server parses those fully).
   */
  recipientProblem(recipient: string, caipNetworkId?: string): string | null
  /**
   * The most of one asset a single transfer on this family can carry, in atomic units (EVM: a
   * uint256; Solana: an SPL or lamport u64; Bitcoin: every bitcoin there will ever be), and why,
   * in words after "at most …": a link asking for more could never be paid.
   */
  readonly amountCap: { readonly atomic: bigint; readonly why: string }
  /** The address as an account is named (merchant ids): EIP-55 on EVM, as written elsewhere. Throws on a malformed EVM address. */
  canonicalAddress(address: string): string
  /** The form in which two addresses of this family are the same account: lowercase on EVM, as written elsewhere. */
  addressKey(address: string): string
  /** How sign-in text (CAIP-122) writes this family's accounts and chains. */
  readonly signIn: ChainSignIn
  /**
   * The URI any wallet of this family opens to pay exactly this option (EIP-681, Solana Pay,
   * BIP21); null when a payment made without connecting could not be attributed. Optional: a
   * family without one is paid only through a connected wallet.
   */
  paymentUri?(parameters: PaymentUriParameters): string | null
}

/** A family's part of the sign-in message (see packages/shared/src/siwx.ts for the format). */
export interface ChainSignIn {
  /** The word in "sign in with your <X> account". */
  readonly accountName: string
  /** The `Chain ID:` line's value for a CAIP-2 network id. */
  chainLine(caipNetworkId: string): string
  /** The CAIP-2 network id a `Chain ID:` line names, or null when it is not this family's. */
  readChainLine(line: string): string | null
  /** What a refused `Chain ID:` line is told, after `Chain ID "<line>" `. */
  readonly chainLineRule: string
  /** Why the address line cannot sign in (after `The address "<address>" `), or null. */
  addressProblem(address: string): string | null
}

/** What a family needs to write an option's payment URI (amount in atomic units). */
export interface PaymentUriParameters {
  caipNetworkId: string
  tokenAddress: string | null
  recipient: string
  depositAddress: string | null
  reference: string | null
  amount: bigint
  decimals: number
  /** The link's title and description, for wallets that show a label and a message. */
  label: string
  message: string | null
}
