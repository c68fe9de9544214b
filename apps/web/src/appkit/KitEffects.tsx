import { reconnect } from '@wagmi/core'
import { useEffect } from 'react'
import { SignOutOnDisconnect } from './SignOutOnDisconnect.js'
import type { PaylinkAppKit } from './createPaylinkAppKit.js'

/**
 * What must run once the toolkit exists, rendered beside the page rather than around it, so
 * the page (the checkout's facts above all) is not remounted when the toolkit arrives.
 *
 * No WagmiProvider: the wallet hooks that use wagmi (packages/chains/src/eip155/web/useSendTransfer.ts) pass the
 * adapter's config by hand, so no component needs wagmi's context, and a provider around the
 * pages would remount them when the toolkit arrives. The one thing the provider did here, wagmi's
 * reconnect to the last wallet after a reload (AppKit's own resync reads wagmi's connections),
 * is asked for by name below.
 */
export function KitEffects({ kit }: { kit: PaylinkAppKit }) {
  const { wagmiConfig } = kit.wagmiAdapter
  useEffect(() => {
    void reconnect(wagmiConfig).catch(() => undefined)
  }, [wagmiConfig])
  return <SignOutOnDisconnect />
}
