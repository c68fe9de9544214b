import { z } from 'zod'
import { isPayerLanguage, payerLanguageCodes } from './payerLanguages.js'

/** A logo as stored and served: PNG, JPEG or WebP only, at most this many bytes. */
export const maxLogoBytes = 256 * 1024
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const
export type LogoContentType = (typeof logoContentTypes)[number]

export const brandColorSchema = z
  .string()
  .max(7, 'must be a colour like #1a73e8')
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a73e8')
export const merchantDisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Display name is required')
  .max(80, 'Display name is at most 80 characters')

/**
 * `PUT /api/merchant/profile`. `logo`: a `data:image/png|jpeg|webp;base64,…` URL to replace it,
 * null to remove it, omitted to keep it. SVG is refused (an SVG is a document that can carry
 * script and outside references, served from our origin; see apps/server/README.md).
 */
export const putMerchantProfileBodySchema = z.strictObject({
  displayName: merchantDisplayNameSchema.nullable(),
  // base64 of 256 KiB is 349,528 characters, plus the data URL's header.
  logo: z.string().max(350_000, 'Logo is larger than 256 KiB').nullable().optional(),
  brandColor: brandColorSchema.nullable(),
})
export type PutMerchantProfileBody = z.infer<typeof putMerchantProfileBodySchema>

/** What a payer sees of the merchant (in `GET /api/links/:id` as `merchant`). */
export const publicMerchantSchema = z.object({
  displayName: z.string().max(80).nullable(),
  /** Our own URL, content-addressed (`/api/merchant-logos/<sha256>`), cached for a year. */
  logoUrl: z.string().max(200).nullable(),
  brandColor: brandColorSchema.nullable(),
})
export type PublicMerchant = z.infer<typeof publicMerchantSchema>

/** `GET`/`PUT /api/merchant/profile`. */
export const merchantProfileSchema = publicMerchantSchema.extend({
  logoContentType: z.enum(logoContentTypes).nullable(),
  logoBytes: z.number().int().min(0).nullable(),
  updatedAt: z.string().max(40).nullable(),
})
export type MerchantProfile = z.infer<typeof merchantProfileSchema>
export const merchantProfileAnswerSchema = z.object({ profile: merchantProfileSchema })

export const logoParamsSchema = z.strictObject({
  hash: z
    .string()
    .max(64, 'is not a logo hash')
    .regex(/^[0-9a-f]{64}$/, 'is not a logo hash'),
})

const notAReceiptLanguage = `is not a language receipts are written in (${payerLanguageCodes.join(', ')})`
/** The language the payer's page was in: what is e-mailed to them is written in it (English when absent). */
export const payerLanguageFieldSchema = z
  .string()
  .max(10, notAReceiptLanguage)
  .refine(isPayerLanguage, notAReceiptLanguage)
  .optional()

/** `POST /api/links/:id/receipt-email`. */
export const receiptEmailBodySchema = z.strictObject({
  email: z.email({ error: 'is not an email address' }).max(254, 'is longer than an email address can be'),
  language: payerLanguageFieldSchema,
})
export type ReceiptEmailBody = z.infer<typeof receiptEmailBodySchema>
export const receiptEmailAnswerSchema = z.object({
  /** sent: the receipt went out now (the link is paid); queued: it goes out once the link is paid. */
  status: z.enum(['sent', 'queued']),
})
export type ReceiptEmailAnswer = z.infer<typeof receiptEmailAnswerSchema>
