import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { pinnedRequest } from '../webhooks/pinnedRequest.js'
import { resolveWebhookTarget, type LookupAll } from '../webhooks/resolveWebhookTarget.js'

export type FetchTargetResult =
  | { ok: true; contentType: string; body: Buffer }
  | { ok: false; /** A sentence for the payer: why nothing was served (and nothing charged). */ error: string }

/**
 * GETs a paid URL's target as a webhook is POSTed: the URL checked by the webhook rules again
 * (the policy may have changed since it was saved), its host resolved now and every address
 * checked, the connection pinned to the checked address, no redirect followed (a 3xx is a
 * failure, so a target cannot send Paylink inward), at most `maxBytes` read within `timeoutMs`.
 */
export async function fetchTarget(
  url: string,
  {
    policy,
    timeoutMs = 5000,
    maxBytes = 1024 * 1024,
    lookupAll,
  }: { policy: WebhookPolicy; timeoutMs?: number; maxBytes?: number; lookupAll?: LookupAll },
): Promise<FetchTargetResult> {
  const problem = checkWebhookUrl(url, policy)
  if (problem) return { ok: false, error: `The target URL ${problem}.` }
  const target = new URL(url)
  const resolved = await resolveWebhookTarget(target, policy, lookupAll, timeoutMs)
  if (!resolved.ok) return { ok: false, error: `The target could not be reached: ${resolved.error}.` }
  return pinnedRequest<FetchTargetResult>({
    target,
    address: resolved.address,
    method: 'GET',
    headers: { 'user-agent': 'Paylink-PaidUrl/1', accept: '*/*' },
    timeoutMs,
    onResponse: (response, finish) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.destroy()
        finish({ ok: false, error: `The target answered HTTP ${status}.` })
        return
      }
      const chunks: Buffer[] = []
      let read = 0
      response.on('data', (chunk: Buffer) => {
        read += chunk.byteLength
        if (read > maxBytes) {
          response.destroy()
          finish({ ok: false, error: `The target's answer is larger than ${maxBytes} bytes.` })
        } else chunks.push(chunk)
      })
      response.on('end', () =>
        finish({
          ok: true,
          contentType: response.headers['content-type'] ?? 'application/octet-stream',
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', () => finish({ ok: false, error: 'The target broke off its answer.' }))
    },
    onTimeout: () => ({ ok: false, error: `The target did not answer within ${timeoutMs} ms.` }),
    onError: (error) => ({ ok: false, error: `The target could not be reached (${error.code ?? error.message}).` }),
  })
}
