import type { Asset, FiatCurrency, Network } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { createLink } from '../links/createLink.js'
import type { WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import type { PlanRow } from './plans.js'

export interface PeriodLinkContext {
  db: Db
  assets: readonly Asset[]
  networks: readonly Network[]
  webhookPolicy: WebhookPolicy
  maxOpenLinks: number
}

/**
 * A link that pays one period of a subscription: the plan's price and options, paid like any link
 * on any chain (the tracker follows it). It is signed with the plan's webhook secret, so the
 * merchant checks every period's `link.*` events with the one secret they were shown.
 */
export async function createPeriodLink(
  context: PeriodLinkContext,
  plan: PlanRow,
  subscriptionId: string,
  period: number,
): Promise<string> {
  const merchant = { id: plan.merchant, namespace: plan.merchant.split(':')[0]!, address: plan.merchantAddress }
  const created = await createLink(context.db, {
    merchant,
    body: {
      title: period === 0 ? plan.name : `${plan.name} (renewal ${period})`,
      ...(plan.description ? { description: plan.description } : {}),
      ...(plan.priceCurrency && plan.priceAmount
        ? { price: { currency: plan.priceCurrency as FiatCurrency, amount: plan.priceAmount } }
        : {}),
      options: plan.options,
      ...(plan.webhookUrl ? { webhookUrl: plan.webhookUrl } : {}),
    },
    assets: context.assets,
    networks: context.networks,
    webhookPolicy: context.webhookPolicy,
    maxOpenLinks: context.maxOpenLinks,
  })
  // No event of a link made a moment ago has been signed yet: its secret can still become the plan's.
  await context.db
    .update(links)
    .set({ subscriptionId, ...(plan.webhookSecret ? { webhookSecret: plan.webhookSecret } : {}) })
    .where(eq(links.id, created.id))
  return created.id
}
