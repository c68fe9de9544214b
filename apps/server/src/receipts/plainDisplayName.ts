/** The most of a merchant's name a receipt's Subject and text part carry. */
export const maxPlainNameLength = 40

/**
 * The merchant's display name as a receipt's Subject and text part may carry it: letters, digits,
 * spaces and `& ' - , ( )` only, at most 40 characters. A mail client links anything that looks
 * like a URL, an address or a domain in plain text, and the name is merchant-written: without
 * `.`, `:`, `/` and `@` it cannot become a link, and control or direction characters cannot
 * reorder what the payer reads. Null when nothing is left.
 */
export function plainDisplayName(name: string | null): string | null {
  if (!name) return null
  const plain = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}&'(),\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!plain) return null
  const chars = [...plain]
  return chars.length <= maxPlainNameLength
    ? plain
    : `${chars
        .slice(0, maxPlainNameLength - 1)
        .join('')
        .trimEnd()}…`
}
