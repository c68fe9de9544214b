import type { WebFamily, WebNamespace } from '@paylink/chains/web'
import { useAppKitAccount } from '@reown/appkit/react'
import { useEachFamily } from './useEachFamily.js'

function useFamilyConnected({ namespace }: WebFamily<WebNamespace>): boolean {
  return useAppKitAccount({ namespace }).isConnected
}

/** Whether a wallet is connected on each chain family (AppKit's own hook answers for one namespace at a time). */
export function useConnectedFamilies(): Record<WebNamespace, boolean> {
  return useEachFamily(useFamilyConnected)
}
