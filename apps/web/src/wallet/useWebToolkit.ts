import type { WebToolkit } from '@paylink/chains/web'
import { useMemo } from 'react'
import { usePaylinkKit } from '../appkit/PaylinkProvider.js'

/** The toolkit's objects a family's hooks need (see WebToolkit), from the page's one AppKit. */
export function useWebToolkit(): WebToolkit {
  const { appKit, wagmiAdapter } = usePaylinkKit()
  return useMemo(() => ({ appKit, wagmiConfig: wagmiAdapter.wagmiConfig }), [appKit, wagmiAdapter])
}
