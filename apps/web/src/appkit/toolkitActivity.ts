import { AlertController, ChainController, EventsController, RouterController } from '@reown/appkit-controllers'
import { useSyncExternalStore } from 'react'

export interface ToolkitAlert {
  at: number
  message: string
  variant: string
  /** The toolkit's long message (it only logs it): which of several same-titled errors this was. */
  detail?: string
}

export interface ToolkitEvent {
  at: number
  type: string
  event: string
  /** For 'error' events (INTERNAL_SDK_ERROR): what failed, as the toolkit reports it; for CONNECT_ERROR, the wallet's reason. */
  detail?: string
}

export interface ToolkitActivity {
  alerts: readonly ToolkitAlert[]
  events: readonly ToolkitEvent[]
  /** Modal views in the order they were shown (some, like SwitchNetwork, last a moment). */
  views: readonly string[]
  /** Each chain's connection status, every time it changed. */
  statuses: readonly { at: number; namespace: string; status: string }[]
  /** Chains that were connected when the page loaded and did not come back. */
  resyncFailures: readonly string[]
}

let activity: ToolkitActivity = { alerts: [], events: [], views: [], statuses: [], resyncFailures: [] }
const listeners = new Set<() => void>()
let installed = false

function push(change: Partial<ToolkitActivity>) {
  activity = { ...activity, ...change }
  for (const listener of listeners) listener()
}

/**
 * Records every alert the toolkit raises and every event it emits, from before createAppKit on.
 * Its own state keeps only the latest of each (and only while `debug` is on), so an operator could
 * not otherwise tell which alerts a visitor saw, how often, or that an internal error happened.
 */
export function recordToolkitActivity(): void {
  if (installed) return
  installed = true
  const open = AlertController.open
  AlertController.open = (message, variant) => {
    const long = message.longMessage
    // Typed as returning void in 1.7.8; AppKit's own long messages return the text.
    const detail = typeof long === 'function' ? (long() as string | undefined) : long
    push({ alerts: [...activity.alerts, { at: Date.now(), message: message.shortMessage, variant, detail }] })
    return open(message, variant)
  }
  const sendEvent = EventsController.sendEvent
  EventsController.sendEvent = (data) => {
    const properties = (data as { properties?: Record<string, unknown> }).properties
    const detail =
      data.type === 'error' && properties
        ? `${String(properties['errorType'])}: ${String(properties['errorMessage'])}`
        : data.event === 'CONNECT_ERROR' && properties
          ? String(properties['message'])
          : undefined
    push({ events: [...activity.events, { at: Date.now(), type: data.type, event: data.event, detail }].slice(-200) })
    return sendEvent(data)
  }
  RouterController.subscribeKey('view', (view) => {
    if (activity.views.at(-1) !== view) push({ views: [...activity.views, view].slice(-100) })
  })
  watchStatuses()
}

/**
 * AppKit resyncs every chain on load. Through WalletConnect a failure logs "AppKit couldn't sync
 * existing connection"; through a browser wallet's adapter 1.7.8 marks the chain disconnected
 * without a word (syncAdapterConnection catches its own errors). Paylink says so in its own words,
 * so a dropped session is never silent and never passes for the toolkit's warning.
 */
function watchStatuses() {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('@appkit/connected_namespaces')
  const connectedAtLoad = new Set((stored ?? '').split(',').filter(Boolean))
  const last = new Map<string, string>()
  const settled = new Set<string>()
  ChainController.subscribe((state) => {
    const changes: ToolkitActivity['statuses'][number][] = []
    const failures: string[] = []
    for (const [namespace, chain] of state.chains) {
      const status = chain.accountState?.status ?? 'disconnected'
      const before = last.get(namespace)
      if (before === status) continue
      last.set(namespace, status)
      changes.push({ at: Date.now(), namespace, status })
      if (settled.has(namespace) || status === 'connecting') continue
      settled.add(namespace)
      if (status === 'disconnected' && before === 'connecting' && connectedAtLoad.has(namespace)) {
        failures.push(namespace)
        console.warn(
          `Paylink: the toolkit could not restore the ${namespace} connection on load and marked it disconnected`,
        )
      }
    }
    if (changes.length || failures.length) {
      push({
        statuses: [...activity.statuses, ...changes].slice(-200),
        resyncFailures: [...activity.resyncFailures, ...failures],
      })
    }
  })
}

export function getToolkitActivity(): ToolkitActivity {
  return activity
}

export function useToolkitActivity(): ToolkitActivity {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => activity,
  )
}

/**
 * The reason of the last connection attempt that failed (a wallet refusing the WalletConnect
 * proposal, a browser wallet refusing to connect), unless a connection succeeded since. The
 * toolkit shows it only in a snackbar that closes after 2.5 s.
 */
export function lastConnectError(events: readonly ToolkitEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.event === 'CONNECT_SUCCESS') return null
    if (event.event === 'CONNECT_ERROR') return event.detail ?? 'Unknown'
  }
  return null
}
