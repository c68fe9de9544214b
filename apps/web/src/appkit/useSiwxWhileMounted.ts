import { OptionsController } from '@reown/appkit-controllers'
import { useEffect } from 'react'
import { createPaylinkSiwx } from './createPaylinkSiwx.js'
import { useRefreshSession } from '../api/useSession.js'

/**
 * Turns AppKit's sign-in on while the calling page is shown. Payers never need to sign in, so
 * SIWX is not set globally: with it set, every connection would ask for a signature.
 */
export function useSiwxWhileMounted(): void {
  const refresh = useRefreshSession()
  useEffect(() => {
    OptionsController.setSIWX(createPaylinkSiwx({ onChange: () => void refresh() }))
    return () => OptionsController.setSIWX(undefined)
  }, [refresh])
}
