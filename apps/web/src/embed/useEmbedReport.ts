import type { EmbedOriginsAnswer, Link } from '@paylink/shared'
import { useEffect, useRef, useState } from 'react'
import { apiGet, hasFields } from '../api/client.js'
import type { EmbedEvent, EmbedMessage } from './messages.js'

const embedOriginsAnswer = hasFields<EmbedOriginsAnswer>('the embed origins', ['origins'])

/** The shop origin /embed.js named, when this page is its frame (`?embed=1&origin=…`); else null. */
export function claimedShopOrigin(search: string, framed: boolean): string | null {
  if (!framed) return null
  const query = new URLSearchParams(search)
  if (query.get('embed') !== '1') return null
  const origin = query.get('origin')
  try {
    return origin && new URL(origin).origin === origin ? origin : null
  } catch {
    return null
  }
}

/**
 * The embedded checkout (/embed.js's frame) tells the shop's page `paid`, `expired`, and `closed`
 * (Escape, which the shop's page cannot hear inside the frame). Only to the shop origin /embed.js
 * named, and only once that origin is on the merchant's list (GET /api/links/:id/embed-origins):
 * postMessage's target origin then keeps any other parent from hearing it. The server framed the
 * page only for listed origins (frame-ancestors), so this is the second lock, not the only one.
 */
export function useEmbedReport(link: Link | undefined, now: number): void {
  const [shop] = useState(() => claimedShopOrigin(location.search, window.parent !== window))
  const [allowed, setAllowed] = useState(false)
  const sent = useRef(new Set<EmbedEvent>())
  const linkId = link?.id

  useEffect(() => {
    if (!shop || !linkId) return
    let live = true
    apiGet(`/api/links/${encodeURIComponent(linkId)}/embed-origins`, embedOriginsAnswer)
      .then(({ origins }) => {
        if (live) setAllowed(origins.includes(shop))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [shop, linkId])

  const post = (type: EmbedEvent, once = true) => {
    if (!shop || !allowed || !linkId || (once && sent.current.has(type))) return
    sent.current.add(type)
    const message: EmbedMessage = { paylink: 'embed', type, linkId }
    window.parent.postMessage(message, shop)
  }

  const expired =
    link !== undefined &&
    link.status !== 'paid' &&
    (link.status === 'expired' || (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now))
  const paid = link?.status === 'paid'
  useEffect(() => {
    if (paid) post('paid')
    if (expired) post('expired')
  })

  useEffect(() => {
    if (!shop || !allowed) return
    const onKey = (event: KeyboardEvent) => {
      // An open wallet dialog takes Escape first: it closes that, not the checkout.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('w3m-modal.open')) return
      post('closed', false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })
}
