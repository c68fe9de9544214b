import { cryptoAmountFor, rateDecimals, type Asset, type FiatCurrency } from '@paylink/shared'
import { desc, eq, sql } from 'drizzle-orm'
import { linkQuotes, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { LinkOptionRow, LinkQuoteRow } from '../db/rows.js'
import { newId } from '../db/newId.js'
import type { RateAnswer, RateProvider } from '../rates/rateProvider.js'
import { isExpired, latestQuote } from './linkStatus.js'
import { loadLinkRows } from './loadLinkRows.js'

export interface QuoteLinkParameters {
  linkId: string
  assets: readonly Asset[]
  rates: RateProvider
  /** How long a quote is offered (QUOTE_TTL_SECONDS, default 900). */
  ttlSeconds: number
  /** How long "no price now" is kept before the sources are asked again (default 30 s). */
  retrySeconds?: number
  now?: Date
}

/**
 * When a payer opens a fiat-priced checkout: each option without a live quote gets one (the rate,
 * and the amount that pays the whole price at it, rounded up), or a row saying why there is none.
 * Paid and expired links get none. Rates are asked outside the transaction (up to 2 s); the rows
 * are written under the link's lock only if no other process quoted meanwhile, and the link's
 * version is bumped so every reader (the view cache, the live stream) sees the change. True when
 * quotes were written: the caller announces the change.
 */
export async function quoteLink(
  db: Db,
  { linkId, assets, rates, ttlSeconds, retrySeconds = 30, now = new Date() }: QuoteLinkParameters,
): Promise<boolean> {
  const rows = await loadLinkRows(db, linkId)
  if (!rows || !needsQuotes(rows.link, rows.options, rows.quotes, now)) return false
  const currency = rows.link.priceCurrency as FiatCurrency
  const price = rows.link.priceAmount!
  const answers = new Map<string, RateAnswer>()
  for (const option of rows.options) {
    if (isLive(latestQuote(option.id, rows.quotes), now)) continue
    answers.set(option.id, await rateFor(option, assets, currency, rates))
  }
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(links).where(eq(links.id, linkId)).for('no key update')
    if (!link) return false
    let wrote = false
    for (const option of rows.options) {
      const answer = answers.get(option.id)
      if (!answer) continue
      const [newest] = await tx
        .select()
        .from(linkQuotes)
        .where(eq(linkQuotes.optionId, option.id))
        .orderBy(desc(linkQuotes.createdAt))
        .limit(1)
      if (isLive(newest ?? null, now)) continue
      await tx.insert(linkQuotes).values(
        answer.ok
          ? {
              id: newId('quo'),
              linkId,
              optionId: option.id,
              rate: answer.rate.toString(),
              rateSource: answer.source,
              amount: cryptoAmountFor(price, answer.rate, option.decimals).toString(),
              problem: null,
              createdAt: now,
              expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
            }
          : {
              id: newId('quo'),
              linkId,
              optionId: option.id,
              rate: null,
              rateSource: null,
              amount: null,
              problem: answer.problem,
              createdAt: now,
              expiresAt: new Date(now.getTime() + Math.min(retrySeconds, ttlSeconds) * 1000),
            },
      )
      wrote = true
    }
    if (wrote)
      await tx
        .update(links)
        .set({ version: sql`${links.version} + 1` })
        .where(eq(links.id, linkId))
    return wrote
  })
}

/** An open or partially paid, unexpired fiat-priced link with an option whose newest quote has lapsed (or none). */
export function needsQuotes(
  link: { priceCurrency: string | null; status: string; expiresAt: Date | null },
  options: readonly LinkOptionRow[],
  quotes: readonly LinkQuoteRow[],
  now: Date,
): boolean {
  if (!link.priceCurrency || (link.status !== 'open' && link.status !== 'partially_paid') || isExpired(link, now))
    return false
  return options.some((option) => !isLive(latestQuote(option.id, quotes), now))
}

const isLive = (quote: LinkQuoteRow | null, now: Date) => quote !== null && quote.expiresAt.getTime() > now.getTime()

/** The option's rate in the price's currency: 1 for a stablecoin pegged to it, else the provider's. */
async function rateFor(
  option: LinkOptionRow,
  assets: readonly Asset[],
  currency: FiatCurrency,
  rates: RateProvider,
): Promise<RateAnswer> {
  const asset = assets.find((a) => a.assetId.toLowerCase() === option.assetId.toLowerCase())
  if (asset?.peggedTo) {
    if (asset.peggedTo === currency)
      return { ok: true, rate: 10n ** BigInt(rateDecimals), source: `pegged 1:1 to ${currency}` }
    return {
      ok: false,
      problem: `${option.symbol} is pegged to ${asset.peggedTo}; there is no ${asset.peggedTo}-${currency} rate to price it in ${currency}.`,
    }
  }
  try {
    return await rates.rate(asset?.rateSymbol ?? option.symbol.toUpperCase(), currency)
  } catch (error) {
    return {
      ok: false,
      problem: `No ${option.symbol} price in ${currency} right now (${error instanceof Error ? error.message : 'the rate lookup failed'}).`,
    }
  }
}
