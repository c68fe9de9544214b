import { maxLogoBytes, type LogoContentType } from '@paylink/shared'
import { RequestValidationError } from '../errors.js'

export interface ParsedLogo {
  bytes: Buffer
  contentType: LogoContentType
}

const signatures: Array<{ contentType: LogoContentType; matches(bytes: Buffer): boolean }> = [
  {
    contentType: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    contentType: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
]

/**
 * A logo upload (`data:image/…;base64,…`) checked by its bytes, not by what it claims: PNG,
 * JPEG or WebP, at most 256 KiB, the type served later being the one the bytes are. SVG is
 * refused rather than sanitised: an SVG is a document that can hold script, event handlers and
 * outside references, served from our own origin; a sanitiser would be one more parser to keep
 * exactly right, and a bitmap logo loses nothing on a checkout.
 */
export function parseLogo(dataUrl: string, field = 'body.logo'): ParsedLogo {
  const match = /^data:([a-z0-9.+/-]+)?(;[a-z0-9=-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl)
  if (!match) throw new RequestValidationError(`${field}: must be an image as a data:…;base64 URL (PNG, JPEG or WebP)`)
  const declared = (match[1] ?? '').toLowerCase()
  const bytes = Buffer.from(match[3]!, 'base64')
  const looksSvg =
    declared.includes('svg') || /^\s*(<\?xml|<svg|<!doctype svg)/i.test(bytes.subarray(0, 256).toString('utf8'))
  if (looksSvg)
    throw new RequestValidationError(
      `${field}: SVG logos are refused (an SVG can carry script); upload a PNG, JPEG or WebP`,
    )
  if (bytes.length === 0) throw new RequestValidationError(`${field}: the image is empty`)
  if (bytes.length > maxLogoBytes)
    throw new RequestValidationError(
      `${field}: the image is ${Math.ceil(bytes.length / 1024)} KiB; at most ${maxLogoBytes / 1024} KiB`,
    )
  const kind = signatures.find((s) => s.matches(bytes))
  if (!kind) throw new RequestValidationError(`${field}: not a PNG, JPEG or WebP image`)
  return { bytes, contentType: kind.contentType }
}
