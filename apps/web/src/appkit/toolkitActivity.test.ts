import { AlertController, EventsController, OptionsController } from '@reown/appkit-controllers'
import { describe, expect, it, vi } from 'vitest'
import { getToolkitActivity, lastConnectError, recordToolkitActivity } from './toolkitActivity.js'

describe('recordToolkitActivity', () => {
  it('keeps every alert and the internal error event of a failed universal-provider start', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    OptionsController.setDebug(true) // as createAppKit does by default
    recordToolkitActivity()
    recordToolkitActivity() // idempotent: one record per alert
    AlertController.open({ shortMessage: 'Session Expired', longMessage: 'Invalid session' }, 'error')
    AlertController.open({ shortMessage: 'Invalid App Configuration', longMessage: 'Invalid Project ID' }, 'error')
    EventsController.sendEvent({
      type: 'error',
      event: 'INTERNAL_SDK_ERROR',
      properties: { errorType: 'UniversalProviderInitError', errorMessage: 'relay down', uncaught: false },
    })
    const { alerts, events } = getToolkitActivity()
    expect(alerts.map((a) => [a.message, a.variant])).toEqual([
      ['Session Expired', 'error'],
      ['Invalid App Configuration', 'error'],
    ])
    expect(alerts.map((a) => a.detail)).toEqual(['Invalid session', 'Invalid Project ID'])
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      event: 'INTERNAL_SDK_ERROR',
      detail: 'UniversalProviderInitError: relay down',
    })
    // The toolkit's own state still works: the alert bar shows the latest alert.
    expect(AlertController.state.message).toBe('Invalid App Configuration')
  })
})

describe('lastConnectError', () => {
  it('gives the reason of the last failed connection until a connection succeeds', () => {
    recordToolkitActivity()
    EventsController.sendEvent({ type: 'track', event: 'CONNECT_ERROR', properties: { message: 'User rejected.' } })
    expect(lastConnectError(getToolkitActivity().events)).toBe('User rejected.')
    EventsController.sendEvent({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'qrcode', name: 'WalletConnect' },
    })
    expect(lastConnectError(getToolkitActivity().events)).toBeNull()
    expect(lastConnectError([])).toBeNull()
  })
})
