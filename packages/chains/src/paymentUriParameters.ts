// Beside the registries, not in a family: every core face's payment URI takes it, and the server's
// family contract names it.

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
