import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { links, webhookDeliveries } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { WebhookDeliveryRow } from '../db/rows.js'
import { checkWebhookUrl, type WebhookPolicy } from './checkWebhookUrl.js'
import { resolveWebhookTarget, type LookupAll } from './resolveWebhookTarget.js'
import { sendWebhook, type SendWebhookReturnType } from './sendWebhook.js'
import { createWakeableSleep } from '../workers/createWakeableSleep.js'

export interface WebhookWorkerOptions {
  db: Db
  /** How often the outbox is looked at (default 1000 ms); `poke()` looks at once. */
  pollIntervalMs?: number
  /** Per attempt (default 5000 ms). */
  timeoutMs?: number
  /** What URLs may reach (default: https to public addresses only). */
  policy?: WebhookPolicy
  /** DNS lookup of every address of a host (default dns.lookup with all: true). */
  lookupAll?: LookupAll
  /** Default 64 KiB. */
  maxResponseBytes?: number
  /** First retry after this (default 10 s), doubling per attempt up to retryMaxMs (default 1 h). */
  retryBaseMs?: number
  retryMaxMs?: number
  /** Deliveries sent at once (default 8). */
  concurrency?: number
  leaseMs?: number
  onError?: (error: unknown) => void
  /** Told of every attempt's outcome (the server logs it with its process id). */
  onAttempt?: (attempt: WebhookAttemptReport) => void
}

export interface WebhookAttemptReport {
  deliveryId: string
  eventId: string
  type: string
  linkId: string
  attempt: number
  outcome: 'succeeded' | 'retrying' | 'failed'
  statusCode: number | null
  error: string | null
}

export interface WebhookWorker {
  start(): void
  stop(): Promise<void>
  poke(): void
  /** Sends every due delivery once; returns how many were attempted. */
  runOnce(): Promise<number>
}

/** Delay before attempt `attempts + 1`, after `attempts` failures: exponential with ±20 % jitter. */
export function retryDelayMs(
  attempts: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

/**
 * Delivers the outbox: claims due rows (lease, FOR UPDATE SKIP LOCKED: several processes
 * share the work), POSTs each signed event, and records the outcome. A failure is retried
 * with exponential backoff until the row's give-up time (72 h after the event). A crash
 * between sending and recording means the event is sent again: at-least-once, so receivers
 * de-duplicate on the event id. Attempts are counted when claimed, so such a resend counts.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db } = options
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const timeoutMs = options.timeoutMs ?? 5000
  const policy = options.policy ?? { allowHttp: false, allowPrivateAddresses: false }
  /** What one attempt may take: its time and the bytes of the answer it reads. */
  const limits = { timeoutMs, maxResponseBytes: options.maxResponseBytes ?? 64 * 1024 }
  const retryBaseMs = options.retryBaseMs ?? 10_000
  const retryMaxMs = options.retryMaxMs ?? 3600_000
  const concurrency = options.concurrency ?? 8
  const leaseMs = options.leaseMs ?? timeoutMs * 2 + 5000

  const runOnce = async (): Promise<number> => {
    const leaseToken = randomBytes(12).toString('base64url')
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, sql`now()`),
          or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(concurrency)
      .for('update', { skipLocked: true })
    const claimed = await db
      .update(webhookDeliveries)
      // The attempt is counted as it starts: a process killed mid-send still leaves it counted,
      // so a delivery sent twice shows 2.
      .set({
        leaseToken,
        leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning()
    if (claimed.length === 0) return 0
    const secrets = await db
      .select({
        id: links.id,
        secret: links.webhookSecret,
        previousSecret: links.webhookPreviousSecret,
        previousExpiresAt: links.webhookPreviousSecretExpiresAt,
      })
      .from(links)
      .where(inArray(links.id, [...new Set(claimed.map((d) => d.linkId))]))

    // A rotated-out secret past its overlap is dropped from storage, not only left unused.
    const lapsed = secrets
      .filter((s) => s.previousSecret && s.previousExpiresAt && s.previousExpiresAt.getTime() <= Date.now())
      .map((s) => s.id)
    if (lapsed.length > 0) {
      await db
        .update(links)
        .set({ webhookPreviousSecret: null, webhookPreviousSecretExpiresAt: null })
        .where(and(inArray(links.id, lapsed), lte(links.webhookPreviousSecretExpiresAt, sql`now()`)))
    }
    type LinkSecrets = (typeof secrets)[number] | undefined
    const attempt = async (
      { url, body, eventId }: Pick<WebhookDeliveryRow, 'url' | 'body' | 'eventId'>,
      keys: LinkSecrets,
    ): Promise<SendWebhookReturnType & { terminal: boolean }> => {
      // The URL's text cannot change, so a refusal of it is final (redeliver retries after the
      // operator changes the policy); DNS answers can change, so an address refusal is retried.
      const problem = checkWebhookUrl(url, policy)
      if (problem) return { ok: false, statusCode: null, error: `URL refused: ${problem}`, terminal: true }
      const secret = keys?.secret
      if (!secret) return { ok: false, statusCode: null, error: 'the link has no webhook secret', terminal: true }
      // A rotated-out secret signs too until its overlap ends, then it is simply not used.
      const previousSecret =
        keys.previousSecret && keys.previousExpiresAt && keys.previousExpiresAt.getTime() > Date.now()
          ? keys.previousSecret
          : null
      const target = await resolveWebhookTarget(new URL(url), policy, options.lookupAll, timeoutMs)
      if (!target.ok) return { ok: false, statusCode: null, error: `URL ${target.error}`, terminal: false }
      const result = await sendWebhook({
        url,
        body,
        eventId,
        address: target.address,
        secret,
        previousSecret,
        ...limits,
      })
      return { ...result, terminal: false }
    }

    await Promise.all(
      claimed.map(async (delivery) => {
        const keys = secrets.find((s) => s.id === delivery.linkId)
        const result = await attempt(delivery, keys)
        const attempts = delivery.attempts
        const now = Date.now()
        const next = new Date(now + retryDelayMs(attempts, retryBaseMs, retryMaxMs))
        const givingUp = !result.ok && (result.terminal || next.getTime() > delivery.giveUpAt.getTime())
        await db
          .update(webhookDeliveries)
          .set({
            status: result.ok ? 'succeeded' : givingUp ? 'failed' : 'pending',
            lastStatusCode: result.statusCode,
            lastError: result.error?.slice(0, 500) ?? null,
            nextAttemptAt: result.ok || givingUp ? null : next,
            deliveredAt: result.ok ? new Date(now) : null,
            leaseToken: null,
            leaseUntil: null,
          })
          .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.leaseToken, leaseToken)))
        if (result.ok && (delivery.type === 'link.paid' || delivery.type === 'order.paid')) {
          // The checkout says "the merchant was notified" only from here; the version bump lets
          // its event stream carry the news.
          await db
            .update(links)
            .set({ merchantNotifiedAt: new Date(now), version: sql`${links.version} + 1` })
            .where(and(eq(links.id, delivery.linkId), isNull(links.merchantNotifiedAt)))
        }
        options.onAttempt?.({
          deliveryId: delivery.id,
          eventId: delivery.eventId,
          type: delivery.type,
          linkId: delivery.linkId,
          attempt: attempts,
          outcome: result.ok ? 'succeeded' : givingUp ? 'failed' : 'retrying',
          statusCode: result.statusCode,
          error: result.error,
        })
      }),
    )
    return claimed.length
  }

  let running = false
  let loopDone: Promise<void> = Promise.resolve()
  const pause = createWakeableSleep()
  let poked = false

  const loop = async () => {
    while (running) {
      try {
        // A full batch means there may be more due right now.
        while (running && (await runOnce()) === concurrency) continue
      } catch (error) {
        options.onError?.(error)
      }
      if (!running) break
      if (poked) {
        poked = false
        continue
      }
      await pause.sleep(pollIntervalMs)
    }
  }

  return {
    start() {
      if (running) return
      running = true
      loopDone = loop()
    },
    async stop() {
      running = false
      pause.wake()
      await loopDone
    },
    poke() {
      poked = true
      pause.wake()
    },
    runOnce,
  }
}
