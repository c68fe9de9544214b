import { paidUrlListSchema, paidUrlSchema, type CreatePaidUrlBody, type PaidUrl } from '@paylink/shared'
import { z } from 'zod'
import { apiGet, apiSend } from '../../../api/client.js'

// Paid URLs served over x402 at /x402/r/<id> (README, "Paid URLs").

export const listPaidUrls = (): Promise<PaidUrl[]> =>
  apiGet('/api/x402/resources', paidUrlListSchema).then((r) => r.paidUrls)

export const createPaidUrl = (body: CreatePaidUrlBody): Promise<PaidUrl> =>
  apiSend('POST', '/api/x402/resources', paidUrlSchema, body)

export const setPaidUrlDisabled = (id: string, disabled: boolean): Promise<PaidUrl> =>
  apiSend('POST', `/api/x402/resources/${encodeURIComponent(id)}/disabled`, paidUrlSchema, { disabled })

const supportedSchema = z.object({
  kinds: z.array(z.object({ x402Version: z.number(), network: z.string().max(200) })).max(100),
})

/** The networks the facilitator settles on; none when x402 is off here (the route is absent). */
export const x402Networks = (): Promise<string[]> =>
  apiGet('/x402/facilitator/supported', supportedSchema).then(
    (r) => r.kinds.filter((kind) => kind.x402Version === 2).map((kind) => kind.network),
    () => [],
  )
