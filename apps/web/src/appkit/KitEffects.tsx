import { WagmiProvider } from 'wagmi'
import { SignOutOnDisconnect } from '../siwx/SignOutOnDisconnect.js'
import type { PaylinkAppKit } from './createPaylinkAppKit.js'

/**
 * What must run once the toolkit exists, rendered beside the page rather than around it, so
 * the page (the checkout's facts above all) is not remounted when the toolkit arrives. No
 * component reads wagmi's React context; the provider is here for its mount-time reconnect.
 */
export function KitEffects({ kit }: { kit: PaylinkAppKit }) {
  return (
    <>
      <WagmiProvider config={kit.wagmiAdapter.wagmiConfig}>{null}</WagmiProvider>
      <SignOutOnDisconnect />
    </>
  )
}
