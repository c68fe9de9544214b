import { formatUnits, parseUnits, type Asset, type LinkOption, type Network, type PublicConfig } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import type { TextOf } from '../../i18n/useT.js'
import { readBalance } from '../../wallet/readBalance.js'
import { optionDueAtomic } from './optionDue.js'

export interface OptionContext {
  option: LinkOption
  network: Network
  asset: Asset
  nativeAsset: Asset | undefined
  due: bigint
}

/** Joins a link option with the configured network and asset it is on; null if the server's config lost one. */
export function optionContext(option: LinkOption, config: PublicConfig): OptionContext | null {
  const network = config.networks.find((n) => n.caipNetworkId === option.caipNetworkId)
  const asset = config.assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
  if (!network || !asset) return null
  const nativeAsset = config.assets.find((a) => a.native && a.caipNetworkId === option.caipNetworkId)
  return { option, network, asset, nativeAsset, due: optionDueAtomic(option) }
}

export interface OptionFunds {
  /** Atomic balance of the option's asset; null when it could not be read. */
  balance: bigint | null
  /** Atomic balance of the network's coin, which pays the fee. */
  native: bigint | null
  error: string | null
}

export const fundsQueryKey = (address: string | undefined, optionId: string) =>
  ['pay-funds', address, optionId] as const

/** The payer's balance of the option's asset (and of the coin that pays gas), from the network's RPC. */
export function useOptionFunds(option: OptionContext | null, address: string | undefined) {
  return useQuery({
    queryKey: fundsQueryKey(address, option?.option.id ?? ''),
    enabled: Boolean(address && option),
    queryFn: async (): Promise<OptionFunds> => {
      const ctx = option!
      const [own, native] = await Promise.all([
        readBalance(ctx.network, ctx.asset, address!),
        ctx.asset.native || !ctx.nativeAsset ? null : readBalance(ctx.network, ctx.nativeAsset, address!),
      ])
      const toAtomic = (amount: string | null, decimals: number) =>
        amount === null ? null : parseUnits(amount, decimals)
      const balance = toAtomic(own.amount, ctx.asset.decimals)
      return {
        balance,
        native: ctx.asset.native
          ? balance
          : native
            ? toAtomic(native.amount, ctx.network.nativeCurrency.decimals)
            : null,
        error: own.error ?? native?.error ?? null,
      }
    },
  })
}

/** `message` reads amounts for people (the caller's `format`); `exact` is the same sentence with every digit, for the element's title. */
export type Shortfall = { kind: 'asset' | 'fee'; message: string; exact: string } | null

/** Says, before the wallet is asked, why this payment cannot go through with these funds. */
export function findShortfall(
  ctx: OptionContext,
  funds: OptionFunds,
  fee: bigint | undefined,
  format: (atomic: bigint, decimals: number) => string,
  t: TextOf,
): Shortfall {
  const found = describeShortfall(ctx, funds, fee, format, t)
  return found && { ...found, exact: describeShortfall(ctx, funds, fee, formatUnits, t)!.message }
}

function describeShortfall(
  ctx: OptionContext,
  funds: OptionFunds,
  fee: bigint | undefined,
  format: (atomic: bigint, decimals: number) => string,
  t: TextOf,
) {
  const { asset, network, due } = ctx
  const feeNeeded = fee ?? 0n
  if (funds.balance !== null && funds.balance < due) {
    return {
      kind: 'asset' as const,
      message: t('shortfall.asset', {
        symbol: asset.symbol,
        has: format(funds.balance, asset.decimals),
        needs: format(due, asset.decimals),
      }),
    }
  }
  if (asset.native && funds.balance !== null && fee !== undefined && funds.balance < due + feeNeeded) {
    return {
      kind: 'fee' as const,
      message: t('shortfall.paymentAndFee', { symbol: asset.symbol, total: format(due + feeNeeded, asset.decimals) }),
    }
  }
  if (!asset.native && funds.native !== null && fee !== undefined && funds.native < feeNeeded) {
    return {
      kind: 'fee' as const,
      message: t('shortfall.fee', {
        symbol: network.nativeCurrency.symbol,
        fee: format(feeNeeded, network.nativeCurrency.decimals),
      }),
    }
  }
  return null
}
