import { EventEmitter } from 'node:events'
import { AlertController, OptionsController } from '@reown/appkit-controllers'
import { AppKit } from '@reown/appkit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alertRelayRejections } from './alertRelayRejections.js'

// What @walletconnect/jsonrpc-provider 1.0.14 emits when the relay closes the socket with 3000.
const closed = (reason: string) => new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)

/**
 * AppKit 1.7.8's real client class, not started (starting it would reach Reown's hosts): its
 * alert mapping and its once-per-reason record are what the visitor gets.
 */
function appKitWithRelayer(relayer: EventEmitter): AppKit {
  const kit = Object.create(AppKit.prototype) as AppKit
  Object.assign(kit, {
    reportedAlertErrors: {},
    ready: async () => undefined,
    getUniversalProvider: async () => ({ client: { core: { relayer } } }),
  })
  return kit
}

describe('alertRelayRejections', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows each relay refusal once, however often the relay repeats it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    OptionsController.setDebug(true)
    const open = vi.spyOn(AlertController, 'open')
    const relayer = new EventEmitter()
    await alertRelayRejections(appKitWithRelayer(relayer))

    for (let retry = 0; retry < 3; retry++) relayer.emit('relayer_error', closed('Unauthorized: origin not allowed'))
    for (let retry = 0; retry < 2; retry++)
      relayer.emit('relayer_error', closed('JWT validation error: JWT Token is not yet valid'))
    for (let retry = 0; retry < 2; retry++) relayer.emit('relayer_error', closed('Unauthorized: invalid key'))
    relayer.emit('relayer_error', new Error('Socket stalled when trying to connect to wss://relay.walletconnect.org'))

    expect(open.mock.calls.map(([message, variant]) => [message.shortMessage, variant])).toEqual([
      ['Invalid App Configuration', 'error'],
      ['Session Expired', 'error'],
      ['Invalid App Configuration', 'error'],
    ])
    expect(open.mock.calls[2]?.[0].longMessage).toBe('Invalid Project ID - update configuration')
  })

  it('does nothing when the toolkit did not start or has no universal provider', async () => {
    const open = vi.spyOn(AlertController, 'open')
    const refused = Object.assign(Object.create(AppKit.prototype) as AppKit, {
      reportedAlertErrors: {},
      ready: () => Promise.reject(new Error('Cannot set both `siweConfig` and `siwx` options')),
      getUniversalProvider: vi.fn(),
    })
    await alertRelayRejections(refused)
    expect(refused.getUniversalProvider).not.toHaveBeenCalled()
    const withoutProjectId = Object.assign(Object.create(AppKit.prototype) as AppKit, {
      reportedAlertErrors: {},
      ready: async () => undefined,
      getUniversalProvider: async () => undefined,
    })
    await expect(alertRelayRejections(withoutProjectId)).resolves.toBeUndefined()
    expect(open).not.toHaveBeenCalled()
  })
})
