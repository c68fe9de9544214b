import { z } from 'zod'

// x402 version 2 bodies as HTTPFacilitatorClient sends them. Only what Paylink reads is named;
// the scheme's own payload passes through to @x402/evm, which checks it. Every string is bounded.
const text = (max: number) => z.string().min(1).max(max)
const json = z.record(z.string().max(128), z.unknown())

export const paymentRequirementsSchema = z.object({
  scheme: text(64),
  network: text(128),
  asset: text(128),
  amount: z.string().regex(/^\d{1,78}$/, 'atomic units, digits only'),
  payTo: text(128),
  maxTimeoutSeconds: z.number().int().min(0).max(86_400),
  extra: json.optional(),
})

export const paymentPayloadSchema = z.object({
  x402Version: z.literal(2),
  resource: z
    .object({ url: text(2048), description: z.string().max(1000).optional(), mimeType: z.string().max(256).optional() })
    .optional(),
  accepted: paymentRequirementsSchema,
  payload: json,
  extensions: json.optional(),
})

export const facilitatorRequestSchema = z.object({
  x402Version: z.literal(2),
  paymentPayload: paymentPayloadSchema,
  paymentRequirements: paymentRequirementsSchema,
})
export type FacilitatorRequest = z.infer<typeof facilitatorRequestSchema>

/** The EIP-3009 authorization in an EVM exact payload; null for another payload (Permit2). */
export function eip3009AuthorizationOf(
  payload: Record<string, unknown>,
): { from: string; to: string; value: string; nonce: string } | null {
  const parsed = z
    .object({
      authorization: z.object({
        from: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        value: z.string().regex(/^\d{1,78}$/),
        nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      }),
    })
    .safeParse(payload)
  return parsed.success ? parsed.data.authorization : null
}
