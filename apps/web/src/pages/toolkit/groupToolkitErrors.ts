import type { ToolkitEvent } from '../../appkit/toolkitActivity.js'

export interface ToolkitErrorGroup {
  event: string
  detail: string | undefined
  firstAt: number
  lastAt: number
  times: number
}

/**
 * The toolkit's error events, one line per distinct error. AppKit 1.7.8 sends
 * INTERNAL_SDK_ERROR again each time anything asks for the universal provider after its start
 * failed (once per adapter at load, again on every WalletConnect attempt), so one failure would
 * otherwise fill the list.
 */
export function groupToolkitErrors(events: readonly ToolkitEvent[]): ToolkitErrorGroup[] {
  const groups = new Map<string, ToolkitErrorGroup>()
  for (const e of events) {
    if (e.type !== 'error') continue
    const key = `${e.event}\n${e.detail ?? ''}`
    const group = groups.get(key)
    if (group) {
      group.lastAt = e.at
      group.times += 1
    } else groups.set(key, { event: e.event, detail: e.detail, firstAt: e.at, lastAt: e.at, times: 1 })
  }
  return [...groups.values()]
}
