import { expect, type Page, type WebSocketRoute } from '@playwright/test'
import type { RelayStandIn } from './relayStandIn.js'

/** Answers the page's relay socket (wss://relay.walletconnect.org or .com) with the stand-in `relay`. */
export async function routePageToRelay(page: Page, relay: RelayStandIn) {
  await page.routeWebSocket(/^wss:\/\/relay\.walletconnect\.(org|com)\//, (socket: WebSocketRoute) => {
    const peer = { send: (data: string) => socket.send(data) }
    socket.onMessage((message) => relay.receive(peer, String(message)))
    socket.onClose(() => relay.drop(peer))
  })
}

/** Picks WalletConnect in the open Connect modal and returns the `wc:` URI its QR code carries. */
export async function walletConnectUri(page: Page) {
  const modal = page.locator('w3m-modal')
  await modal.getByText('WalletConnect').first().click()
  const qr = modal.locator('wui-qr-code')
  const uri = () => qr.evaluate((el) => (el as HTMLElement & { uri?: string }).uri ?? '')
  await expect.poll(uri, { timeout: 20_000 }).toMatch(/^wc:/)
  return uri()
}
