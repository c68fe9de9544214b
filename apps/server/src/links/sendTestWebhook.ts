import type { WebhookTestResult } from '@paylink/shared'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { ConflictError, LinkNotFoundError } from '../errors.js'
import { toLinkView } from './linkViews.js'
import { loadLinkRows } from './loadLinkRows.js'
import type { Merchant } from '../merchants/merchant.js'
import { readMerchantLink } from '../merchants/readMerchantLink.js'
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { resolveWebhookTarget, type LookupAll } from '../webhooks/resolveWebhookTarget.js'
import { sendWebhook } from '../webhooks/sendWebhook.js'

export interface SendTestWebhookParameters {
  merchant: Merchant
  linkId: string
  policy: WebhookPolicy
  lookupAll?: LookupAll
  /** Per attempt (default 5000 ms, as deliveries). */
  timeoutMs?: number
  maxResponseBytes?: number
  now?: () => number
}

/**
 * Sends one `webhook.test` event to the link's webhook URL now, through the checks every
 * delivery passes (URL policy, every resolved address allowed, the pinned address, no
 * redirects) and signed the same way (Standard Webhooks with the link's secrets), so a merchant
 * sees at once whether their receiver verifies and answers. Not stored, queued or retried.
 */
export async function sendTestWebhook(
  db: Db,
  {
    merchant,
    linkId,
    policy,
    lookupAll,
    timeoutMs = 5000,
    maxResponseBytes = 64 * 1024,
    now = Date.now,
  }: SendTestWebhookParameters,
): Promise<WebhookTestResult> {
  await readMerchantLink(db, merchant, linkId)
  const rows = await loadLinkRows(db, linkId)
  if (!rows) throw new LinkNotFoundError(linkId, { ofMerchant: true })
  const { link } = rows
  if (!link.webhookUrl || !link.webhookSecret)
    throw new ConflictError('NO_WEBHOOK_URL', `Link ${linkId} has no webhook URL; add one first.`)
  const started = now()
  const { payments: _, ...linkSummary } = toLinkView(
    link,
    rows.options,
    rows.payments,
    rows.quotes,
    new Date(started),
    rows.merchant,
    rows.refunds,
  )
  const eventId = newId('evt')
  const body = JSON.stringify({
    id: eventId,
    type: 'webhook.test',
    createdAt: new Date(started).toISOString(),
    data: { link: linkSummary, payment: null },
  })
  const result = (outcome: { ok: boolean; statusCode: number | null; error: string | null }): WebhookTestResult => ({
    eventId,
    type: 'webhook.test',
    url: link.webhookUrl!,
    delivered: outcome.ok,
    statusCode: outcome.statusCode,
    error: outcome.error?.slice(0, 1000) ?? null,
    durationMs: Math.max(0, Math.round(now() - started)),
  })
  const problem = checkWebhookUrl(link.webhookUrl, policy)
  if (problem) return result({ ok: false, statusCode: null, error: `URL refused: ${problem}` })
  const target = await resolveWebhookTarget(new URL(link.webhookUrl), policy, lookupAll, timeoutMs)
  if (!target.ok) return result({ ok: false, statusCode: null, error: `URL ${target.error}` })
  const previousSecret =
    link.webhookPreviousSecret &&
    link.webhookPreviousSecretExpiresAt &&
    link.webhookPreviousSecretExpiresAt.getTime() > started
      ? link.webhookPreviousSecret
      : null
  return result(
    await sendWebhook({
      url: link.webhookUrl,
      address: target.address,
      body,
      secret: link.webhookSecret,
      previousSecret,
      eventId,
      timeoutMs,
      maxResponseBytes,
      now,
    }),
  )
}
