import type { DevWalletProvider } from '@paylink/chains/eip155/devnet/wallet'

/** EIP-6963 `EIP6963ProviderInfo`. */
export type DevWalletInfo = { uuid: string; name: string; icon: `data:image/${string}`; rdns: string }

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/>' +
  '<path d="M22 48V16h12a10 10 0 0 1 0 20h-12" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/></svg>'

export const DEV_WALLET_ICON = svgDataUri(ICON_SVG)

export function svgDataUri(svg: string): `data:image/svg+xml,${string}` {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * Announces the provider to the page per EIP-6963: once now and on every
 * `eip6963:requestProvider`. Returns a function that stops answering requests.
 */
export function announceDevWallet(
  provider: Pick<DevWalletProvider, 'request' | 'on' | 'removeListener'>,
  info: Partial<DevWalletInfo> = {},
): () => void {
  const target = globalThis.window as unknown as EventTarget | undefined
  if (!target || typeof target.addEventListener !== 'function') throw new Error('announceDevWallet: needs a window')
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? uuidV4(),
      name: info.name ?? 'Paylink Dev Wallet',
      icon: info.icon ?? DEV_WALLET_ICON,
      rdns: info.rdns ?? 'dev.paylink.wallet',
    }),
    provider,
  })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

// crypto.randomUUID only exists in secure contexts; a demo served over a LAN address is not one.
function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
