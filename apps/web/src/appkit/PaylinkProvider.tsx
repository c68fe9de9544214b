import type { PublicConfig } from '@paylink/shared'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { WagmiProvider } from 'wagmi'
import { fetchPublicConfig } from '../api/client.js'
import type { PaylinkAppKit } from './createPaylinkAppKit.js'

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })

interface PaylinkContextValue {
  config: PublicConfig
  kit: PaylinkAppKit | null
  kitError: string | null
}

const PaylinkContext = createContext<PaylinkContextValue | null>(null)

export function usePaylinkContext(): PaylinkContextValue {
  const value = useContext(PaylinkContext)
  if (!value) throw new Error('usePaylinkContext must be used inside <PaylinkProvider>')
  return value
}

export function usePaylinkConfig(): PublicConfig {
  return usePaylinkContext().config
}

/** The AppKit instance once loaded; pages that need the wallet render only under <WalletGate>. */
export function usePaylinkKit(): PaylinkAppKit {
  const { kit } = usePaylinkContext()
  if (!kit) throw new Error('usePaylinkKit must be used inside <WalletGate>')
  return kit
}

let kitPromise: Promise<PaylinkAppKit> | null = null

/** One AppKit per page load, whatever React's strict mode does to effects. */
async function loadKit(config: PublicConfig): Promise<PaylinkAppKit> {
  kitPromise ??= (async () => {
    if (config.demo) {
      const { announceDevWallet, createDevWalletProvider } = await import('@paylink/devnet/wallet')
      const chains = config.networks
        .filter((n) => n.caipNetworkId.startsWith('eip155:'))
        .map((n) => ({ chainId: Number(n.caipNetworkId.split(':')[1]), name: n.name, rpcUrl: n.rpcUrl }))
      announceDevWallet(createDevWalletProvider({ chains }))
    }
    const { createPaylinkAppKit } = await import('./createPaylinkAppKit.js')
    return createPaylinkAppKit(config)
  })()
  return kitPromise
}

function ConfiguredProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const [kit, setKit] = useState<PaylinkAppKit | null>(null)
  const [kitError, setKitError] = useState<string | null>(null)
  useEffect(() => {
    loadKit(config).then(setKit, (e: Error) => setKitError(e.message))
  }, [config])
  const value = { config, kit, kitError }
  const inner = <PaylinkContext.Provider value={value}>{children}</PaylinkContext.Provider>
  return kit ? (
    <WagmiProvider config={kit.wagmiAdapter.wagmiConfig}>
      {inner}
    </WagmiProvider>
  ) : (
    inner
  )
}

function ConfigLoader({ children }: { children: ReactNode }) {
  const config = useQuery({ queryKey: ['config'], queryFn: fetchPublicConfig, staleTime: Infinity })
  if (config.isPending) return <p className="page-status" role="status">Loading Paylink…</p>
  if (config.isError) {
    return (
      <p className="page-status error" role="alert">
        Paylink could not load its configuration: {config.error.message}{' '}
        <button onClick={() => config.refetch()}>Try again</button>
      </p>
    )
  }
  return <ConfiguredProvider config={config.data}>{children}</ConfiguredProvider>
}

export function PaylinkProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigLoader>{children}</ConfigLoader>
    </QueryClientProvider>
  )
}

/** Renders children once the toolkit is ready, and nothing until then. */
export function WhenKitReady({ children }: { children: ReactNode }) {
  return usePaylinkContext().kit ? <>{children}</> : null
}

/** Renders children once the toolkit is ready; a loading or error line until then. */
export function WalletGate({ children }: { children: ReactNode }) {
  const { kit, kitError } = usePaylinkContext()
  if (kitError) return <p className="page-status error" role="alert">The wallet toolkit failed to start: {kitError}</p>
  if (!kit) return <p className="page-status" role="status">Loading the wallet toolkit…</p>
  return <>{children}</>
}
