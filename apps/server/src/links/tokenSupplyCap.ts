import type { PaymentChainReader } from '@paylink/chains/server'
import { withTimeout } from '@paylink/chains/server'
import { formatAmount, parseCaipAssetId, parseUnits, type Asset, type CreateLinkBody } from '@paylink/shared'
import { RequestValidationError } from '../errors.js'

/** A token's supply is read again after this long: minting moves it, but not from one link to the next. */
const supplyTtlMs = 5 * 60_000
/** A creation waits at most this long for the supply; past it the chain's own cap is all that is checked. */
const supplyTimeoutMs = 2000
/** After a failed read, creations do not wait on that token again for this long. */
const failureTtlMs = 30_000

export interface TokenSupplyCapParameters {
  readerOf(caipNetworkId: string): PaymentChainReader | null
  now?: () => number
  timeoutMs?: number
}

/**
 * The check that no option asks for more of a token than exists (an ERC-20's `totalSupply`, read
 * through the server's own RPC): such a link could never be paid, so it is refused with a 400
 * naming the option's amount and the supply. A chain's fixed cap (`amountCapProblem`, also on the
 * form) is checked before; this one needs the chain. When the read fails or is slow the link is
 * created on the fixed cap alone: a creation never fails because an RPC did. Reads are cached per
 * token, so a burst of links costs one.
 */
export function createTokenSupplyCap({
  readerOf,
  now = Date.now,
  timeoutMs = supplyTimeoutMs,
}: TokenSupplyCapParameters) {
  const known = new Map<string, { until: number; supply: Promise<bigint | null> }>()
  const supplyOf = (asset: Asset, tokenAddress: string): Promise<bigint | null> => {
    const key = asset.assetId.toLowerCase()
    const cached = known.get(key)
    if (cached && cached.until > now()) return cached.supply
    const reader = readerOf(asset.caipNetworkId)
    if (!reader?.readTokenSupply) return Promise.resolve(null)
    const entry = { until: now() + supplyTtlMs, supply: Promise.resolve<bigint | null>(null) }
    entry.supply = withTimeout(reader.readTokenSupply(tokenAddress), timeoutMs).catch(() => {
      entry.until = now() + failureTtlMs
      return null
    })
    known.set(key, entry)
    return entry.supply
  }

  return async function checkTokenSupply(body: Pick<CreateLinkBody, 'options'>, assets: readonly Asset[]) {
    const problems = await Promise.all(
      body.options.map(async (option, i) => {
        const asset = assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
        if (!asset || asset.native || option.amount === undefined) return null
        const supply = await supplyOf(asset, parseCaipAssetId(asset.assetId).assetReference)
        if (supply === null || parseUnits(option.amount, asset.decimals) <= supply) return null
        const most = formatAmount(supply, asset.decimals)
        return `body.options[${i}].amount: is more ${asset.symbol} than exists: at most ${most} ${asset.symbol} (the token's total supply)`
      }),
    )
    const first = problems.find((problem) => problem !== null)
    if (first) throw new RequestValidationError(first)
  }
}
