import {
  formatUnits,
  parseCaipAssetId,
  receivingAddressOf,
  shortHex,
  type LinkOption,
  type PublicConfig,
} from '@paylink/shared'
import type { TextOf } from '../../i18n/useT.js'
import { groupDigits } from './groupDigits.js'
import { optionDueAtomic } from './optionDue.js'

export interface ScanOptionFacts {
  /** What a wallet opens or scans: the server's URI for exactly this option. */
  paymentUri: string
  /**
   * The address to copy: the option's own deposit address when it has one, else the recipient;
   * null when a copied address would pay no option (a Solana Pay reference the transfer must carry).
   */
  address: string | null
  /** The amount still due, exact, as a wallet or an exchange wants it typed ("1234.5"). */
  amount: string
  /** The same amount for people to read ("1,234.5"): grouped, never rounded. */
  amountDisplay: string
  symbol: string
  /** The network as people call it ("Paylink Devnet"), from `GET /api/config`. */
  networkName: string
  /** The token's contract (or mint) when the asset is a token, for the "which token" warning. */
  tokenAddress: string | null
  /** "Send on Paylink Devnet only." */
  networkWarning: string
  /** "Send TUSD (token 0x5FbD…0aa3) only." or "Send ETH, the network's own coin, not a token." */
  assetWarning: string
  /** The URI asks for the whole amount: true while nothing was received, so scanning it pays exactly what is due. */
  uriMatchesDue: boolean
}

/**
 * What the "Scan to pay" panel says about one option, read from the option and the public
 * configuration; null when the option has no payment URI (the server could not attribute a
 * payment made without connecting, so the panel offers nothing rather than something wrong).
 */
export function describeScanOption(
  option: LinkOption,
  config: Pick<PublicConfig, 'networks' | 'assets'>,
  t: TextOf,
): ScanOptionFacts | null {
  if (!option.paymentUri) return null
  const networkName =
    config.networks.find((n) => n.caipNetworkId === option.caipNetworkId)?.name ?? option.caipNetworkId
  const asset = config.assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
  const native = asset ? asset.native : parseCaipAssetId(option.asset).assetNamespace === 'slip44'
  const tokenAddress = native ? null : parseCaipAssetId(option.asset).assetReference
  const due = optionDueAtomic(option)
  const amount = formatUnits(due, option.decimals)
  return {
    paymentUri: option.paymentUri,
    address: receivingAddressOf(option),
    amount,
    amountDisplay: groupDigits(amount),
    symbol: option.symbol,
    networkName,
    tokenAddress,
    networkWarning: t('scan.networkOnly', { network: networkName }),
    assetWarning: tokenAddress
      ? t('scan.tokenOnly', { symbol: option.symbol, token: shortHex(tokenAddress) })
      : t('scan.coinOnly', { symbol: option.symbol }),
    uriMatchesDue: option.paid === '0' && option.confirming === '0',
  }
}
