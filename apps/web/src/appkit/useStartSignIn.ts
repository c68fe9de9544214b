import { SIWXUtil } from '@reown/appkit-controllers'
import { useCallback } from 'react'

/**
 * Opens the toolkit's sign-in (its SIWXSignMessage view) for the connected account, when SIWX is
 * on (see useSiwxWhileMounted). For a merchant who connected before opening the dashboard.
 */
export function useStartSignIn(): () => void {
  return useCallback(() => void SIWXUtil.initializeIfEnabled(), [])
}
