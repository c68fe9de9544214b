import { z } from 'zod'

/** Every error the API returns: a stable code to branch on, a sentence to show. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z
      .string()
      .max(64)
      .regex(/^[A-Z][A-Z0-9_]*$/),
    message: z.string().max(4096),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>
