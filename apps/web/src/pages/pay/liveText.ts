import type { LiveState } from '../../api/useLiveLink.js'

/** The checkout's live badge: live only while the stream is on and the browser online; otherwise it says why not. */
export function liveText(live: LiveState, online: boolean): { text: string; live: boolean } {
  if (!online) return { text: '○ Not live: you are offline.', live: false }
  if (live === 'live') return { text: '● Live: this page updates by itself.', live: true }
  if (live === 'reconnecting') return { text: '○ Not live: reconnecting to live updates…', live: false }
  return { text: '', live: false }
}
