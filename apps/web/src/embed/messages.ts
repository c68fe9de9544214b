/**
 * What the embedded checkout (`/pay/:id?embed=1`) tells the shop's page through postMessage, and
 * what /embed.js accepts. Shared by both sides so the shapes cannot drift; embed.js bundles it.
 */
export type EmbedEvent = 'paid' | 'expired' | 'closed'

export interface EmbedMessage {
  paylink: 'embed'
  type: EmbedEvent
  linkId: string
}

export const embedEvents: readonly EmbedEvent[] = ['paid', 'expired', 'closed']

export function isEmbedMessage(data: unknown): data is EmbedMessage {
  if (typeof data !== 'object' || data === null) return false
  const message = data as Partial<EmbedMessage>
  return (
    message.paylink === 'embed' &&
    typeof message.linkId === 'string' &&
    (embedEvents as readonly unknown[]).includes(message.type)
  )
}

/** The query that turns the checkout into its embedded form; `origin` is the shop's, checked by the checkout. */
export const embedQuery = (shopOrigin: string) => `embed=1&origin=${encodeURIComponent(shopOrigin)}`
