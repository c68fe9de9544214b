import { chainFacts } from '@paylink/chains/facts'
import type { PublicConfig } from '@paylink/shared'
import { createAppKit, type AppKit } from '@reown/appkit/react'
import type { AppKitNetwork } from '@reown/appkit/networks'
import type { ChainAdapter } from '@reown/appkit-controllers'
import type { CaipNetwork } from '@reown/appkit-common'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { http, type Transport } from 'viem'
import { customRpcUrls, namespaceOf, toAppKitNetwork } from './networks.js'
import { createBitcoinApi } from './bitcoinApi.js'
import { satsConnectNetworkView } from './satsConnectNetworkView.js'
import { checkAppKitOptions } from './checkAppKitOptions.js'
import { keepOperatorAlertsFromPayers } from './keepOperatorAlertsFromPayers.js'
import { recordToolkitActivity } from './toolkitActivity.js'
import { recoverFromUnsupportedChain } from './recoverFromUnsupportedChain.js'
import { alertRelayRejections } from './alertRelayRejections.js'
import { showNativeBalance, type ShowNativeBalanceParameters } from './showNativeBalance.js'

export interface PaylinkAppKit {
  appKit: AppKit
  wagmiAdapter: WagmiAdapter
  networks: CaipNetwork[]
  /** Shows a freshly read native balance in AppKit's header and Account view (see showNativeBalance.ts). */
  showNativeBalance(parameters: ShowNativeBalanceParameters): void
}

/**
 * Builds the one AppKit instance from the server's configuration. EVM goes through wagmi;
 * Solana and Bitcoin adapters are imported on demand so they stay out of the entry chunk.
 */
export async function createPaylinkAppKit(config: PublicConfig): Promise<PaylinkAppKit> {
  const networks = config.networks.map(toAppKitNetwork)
  if (networks.length === 0) throw new Error('The server has no networks configured.')
  const namespaces = new Set(config.networks.map(namespaceOf))
  const evm = config.networks.filter((n) => namespaceOf(n) === chainFacts.eip155.namespace)

  const transports: Record<number, Transport> = Object.fromEntries(
    evm.map((n) => [Number(n.caipNetworkId.split(':')[1]), http(n.rpcUrl)]),
  )
  const wagmiAdapter = new WagmiAdapter({
    networks: networks.filter((n) => n.chainNamespace === chainFacts.eip155.namespace),
    projectId: config.projectId ?? '',
    transports,
  })
  const adapters: ChainAdapter[] = [wagmiAdapter]
  const [solana, bitcoin] = await Promise.all([
    namespaces.has(chainFacts.solana.namespace) ? import('@reown/appkit-adapter-solana/react') : null,
    namespaces.has(chainFacts.bip122.namespace) ? import('@reown/appkit-adapter-bitcoin') : null,
  ])
  if (solana) adapters.push(new solana.SolanaAdapter())
  if (bitcoin) {
    type SyncOptions = Parameters<InstanceType<typeof bitcoin.BitcoinAdapter>['syncConnectors']>[0]
    class PaylinkBitcoinAdapter extends bitcoin.BitcoinAdapter {
      override syncConnectors(options?: SyncOptions, appKit?: AppKit): void {
        super.syncConnectors(options, appKit && satsConnectNetworkView(appKit))
      }
    }
    adapters.push(new PaylinkBitcoinAdapter({ api: createBitcoinApi(config.networks) }))
  }

  const cloud = config.projectId !== null
  const options: Parameters<typeof createAppKit>[0] = {
    adapters,
    networks: networks as [AppKitNetwork, ...AppKitNetwork[]],
    projectId: config.projectId ?? '',
    customRpcUrls: customRpcUrls(config.networks),
    // AppKit 1.7.8 starts dark whatever the system says; Paylink's pages are light, and dark
    // buttons' pale text on our white header is barely readable.
    themeMode: 'light',
    // Given, not read from the page: a checkout's title names the payment ("Pay 12 TUSD · …"),
    // and wallets should see the site's own name. The same values index.html carries.
    metadata: {
      name: 'Paylink',
      description: document.querySelector('meta[property="og:description"]')?.getAttribute('content') ?? 'Paylink',
      url: window.location.origin,
      icons: [`${window.location.origin}/favicon.svg`],
    },
    features: {
      // 1.7.8 moves wallets first as soon as an injected wallet exists; the product wants
      // email, social, wallet. Email and social need Reown's cloud, so only with a project id.
      connectMethodsOrder: ['email', 'social', 'wallet'],
      email: cloud,
      socials: cloud ? ['google', 'x', 'github', 'discord', 'apple'] : false,
      analytics: false,
      swaps: cloud,
      onramp: cloud,
    },
  }
  // AppKit refuses some option pairs only inside its async start, where nobody can catch it.
  checkAppKitOptions(options)
  keepOperatorAlertsFromPayers(undefined, { demo: config.demo })
  recordToolkitActivity()
  const appKit = createAppKit(options)
  // WalletConnect reports a relay refusal as a fatal log AppKit never turns into an alert.
  void alertRelayRejections(appKit)
  recoverFromUnsupportedChain(wagmiAdapter.wagmiConfig, networks)
  return { appKit, wagmiAdapter, networks, showNativeBalance: (parameters) => showNativeBalance(appKit, parameters) }
}
