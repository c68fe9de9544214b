import type { Link, PublicConfig } from '@paylink/shared'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { fetchPublicConfig } from '../api/client.js'
import { resolvePublicConfig } from '../api/resolvePublicConfig.js'
import { linkQueryKey } from '../api/useLiveLink.js'
import { checkoutLinkId } from '../pages/pay/prefetchLink.js'
import type { PaylinkAppKit } from './createPaylinkAppKit.js'
import { kitLoadsAtStart, loadKitModule } from './loadKitModule.js'
import { kitConfigFor } from './kitNetworks.js'
import { hasSavedConnection, kitWantedAtStart } from './needsKitAtOnce.js'
import { watchToolkitStart } from './watchToolkitStart.js'
import { watchWalletIntent } from './watchWalletIntent.js'

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })

interface PaylinkContextValue {
  config: PublicConfig
  kit: PaylinkAppKit | null
  kitError: string | null
  /** Starts loading the toolkit now (idempotent) and resolves with it. */
  requestKit(): Promise<PaylinkAppKit>
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

interface LoadedKit {
  kit: PaylinkAppKit
  Effects: ComponentType<{ kit: PaylinkAppKit }>
}

let kitPromise: Promise<LoadedKit> | null = null

/** The link of the checkout on screen, when the page is one and the link has arrived. */
function checkoutLinkOptions(): Link['options'] | null {
  const id = checkoutLinkId(window.location.pathname)
  return id === null ? null : (queryClient.getQueryData<Link>(linkQueryKey(id))?.options ?? null)
}

/**
 * One AppKit per page load, whatever React's strict mode does to effects. On a checkout it knows
 * only the chain families of the link's options (kitConfigFor), for the rest of the page load.
 */
function loadKit(fullConfig: PublicConfig): Promise<LoadedKit> {
  kitPromise ??= (async () => {
    const config = kitConfigFor(fullConfig, checkoutLinkOptions(), hasSavedConnection())
    const kitModule = await loadKitModule()
    if (config.demo) {
      const { announceDevBitcoinWallet, announceDevSolanaWallet, announceDevWallet, createDevWalletProvider } =
        await import('@paylink/devnet/wallet')
      const chains = config.networks
        .filter((n) => n.caipNetworkId.startsWith('eip155:'))
        .map((n) => ({ chainId: Number(n.caipNetworkId.split(':')[1]), name: n.name, rpcUrl: n.rpcUrl }))
      announceDevWallet(createDevWalletProvider({ chains }))
      // Its Solana account signs for the devnet's Solana chain only (reached through our proxy).
      const solanaChains = config.networks
        .filter((n) => n.caipNetworkId.startsWith('solana:') && new URL(n.rpcUrl).pathname.startsWith('/devnet/'))
        .map((n) => ({ caipNetworkId: n.caipNetworkId, rpcUrl: n.rpcUrl }))
      if (solanaChains.length > 0) announceDevSolanaWallet({ chains: solanaChains })
      // Its Bitcoin account (sats-connect: AppKit reads window.btc_providers once, at createAppKit
      // below) pays on the devnet's regtest chain, through our Esplora proxy.
      const bitcoinDevnet = config.networks.find(
        (n) => n.caipNetworkId.startsWith('bip122:') && new URL(n.rpcUrl).pathname.startsWith('/devnet/'),
      )
      if (bitcoinDevnet) announceDevBitcoinWallet({ esploraUrl: bitcoinDevnet.rpcUrl })
    }
    return { kit: await kitModule.createPaylinkAppKit(config), Effects: kitModule.KitEffects }
  })()
  return kitPromise
}

/** How long the toolkit may take to start (its hosts hanging cost up to the host guard's 3 s per call). */
const TOOLKIT_START_LIMIT_MS = 10_000

function ConfiguredProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const [loaded, setLoaded] = useState<LoadedKit | null>(null)
  const [kitError, setKitError] = useState<string | null>(null)
  const [kitStalled, setKitStalled] = useState(false)
  const requestKit = useCallback(() => {
    const promise = loadKit(config)
    promise.then(setLoaded, (e: Error) => setKitError(e.message))
    return promise.then((l) => l.kit)
  }, [config])
  useEffect(() => {
    const start = () => void requestKit().catch(() => undefined)
    if (kitLoadsAtStart || kitWantedAtStart(window.location.pathname)) {
      start()
      return
    }
    // The home page and the checkout: megabytes of toolkit blocked a phone's main thread for
    // seconds after the first paint, for a payer who may only want the QR. It comes when the
    // visitor reaches for a wallet control; the Connect button shows its own busy state meanwhile.
    return watchWalletIntent(document, start)
  }, [requestKit])
  useEffect(() => {
    if (!loaded) return
    return watchToolkitStart(
      () => loaded.kit.appKit.ready(),
      TOOLKIT_START_LIMIT_MS,
      () => setKitStalled(true),
    )
  }, [loaded])
  const value = { config, kit: loaded?.kit ?? null, kitError, requestKit }
  return (
    <PaylinkContext.Provider value={value}>
      {kitStalled && (
        <p role="alert" className="toolkit-stalled" data-testid="toolkit-stalled">
          The wallet toolkit has not finished starting after {TOOLKIT_START_LIMIT_MS / 1000} s. If this browser blocks
          site storage (private browsing, a full disk, strict privacy settings), allow it for this site and reload.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      )}
      {children}
      {loaded && <loaded.Effects kit={loaded.kit} />}
    </PaylinkContext.Provider>
  )
}

const resolveConfig = (config: PublicConfig) => resolvePublicConfig(config)

function ConfigLoader({ children }: { children: ReactNode }) {
  // Fetched or written into the page by the server (readCheckoutBoot): either way resolved here.
  const config = useQuery({
    queryKey: ['config'],
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    select: resolveConfig,
  })
  if (config.isPending)
    return (
      <p className="page-status" role="status">
        Loading Paylink…
      </p>
    )
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

/** Loads the toolkit at once; renders children when it is ready, a loading or error line until then. */
export function WalletGate({ children }: { children: ReactNode }) {
  const { kit, kitError, requestKit } = usePaylinkContext()
  useEffect(() => {
    if (!kit) void requestKit().catch(() => undefined)
  }, [kit, requestKit])
  if (kitError)
    return (
      <p className="page-status error" role="alert">
        The wallet toolkit failed to start: {kitError}
      </p>
    )
  if (!kit)
    return (
      <p className="page-status" role="status">
        Loading the wallet toolkit…
      </p>
    )
  return <>{children}</>
}
