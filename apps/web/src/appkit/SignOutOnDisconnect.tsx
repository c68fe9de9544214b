import { useAppKitAccount } from '@reown/appkit/react'
import { OptionsController } from '@reown/appkit-controllers'
import { useEffect, useRef } from 'react'
import { signOut } from '../api/siwx.js'
import { useRefreshSession } from '../api/useSession.js'

/**
 * Disconnecting the wallet anywhere in the app signs out on the server too. On the dashboard
 * AppKit does it through SIWX (setSessions([])); elsewhere SIWX is off, so this does it.
 */
export function SignOutOnDisconnect() {
  const { isConnected, status } = useAppKitAccount()
  const refresh = useRefreshSession()
  const wasConnected = useRef(false)
  useEffect(() => {
    if (isConnected) {
      wasConnected.current = true
      return
    }
    if (wasConnected.current && status === 'disconnected') {
      wasConnected.current = false
      // With SIWX on (the dashboard), AppKit's own setSessions([]) already signs out.
      if (OptionsController.state.siwx) return
      void signOut()
        .catch(() => undefined)
        .then(() => refresh())
    }
  }, [isConnected, status, refresh])
  return null
}
