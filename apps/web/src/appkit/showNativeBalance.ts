import type { AppKit } from '@reown/appkit/react'
import type { ChainNamespace } from '@reown/appkit-common'
import { StorageUtil } from '@reown/appkit-controllers'

export interface ShowNativeBalanceParameters {
  namespace: ChainNamespace
  caipNetworkId: string
  address: string
  /** Decimal string in the coin's units, as AppKit's adapters give it. */
  balance: string
  symbol: string
}

/**
 * Puts a balance Paylink has just read into AppKit's own account button and Account view.
 * AppKit 1.7.8 reads the native balance only on connect and network switch (and its adapters
 * answer from a localStorage cache for a while after): `setBalance` is the controller action
 * its own send flow ends with. The cache is updated too, so AppKit's next read of its own does
 * not bring the old figure back. Only for the network AppKit shows for that namespace.
 */
export function showNativeBalance(
  appKit: AppKit,
  { namespace, caipNetworkId, address, balance, symbol }: ShowNativeBalanceParameters,
): void {
  StorageUtil.updateNativeBalanceCache({
    caipAddress: `${caipNetworkId}:${address}`,
    balance,
    symbol,
    timestamp: Date.now(),
  })
  if (appKit.getCaipNetwork(namespace)?.caipNetworkId !== caipNetworkId) return
  if (appKit.getAddressByChainNamespace(namespace)?.toLowerCase() !== address.toLowerCase()) return
  appKit.setBalance(balance, symbol, namespace)
}
