import type { CaipNetwork } from '@reown/appkit-common'

/** Every field of the toolkit's chain-network entity, as label/value text. */
export function networkFields(network: CaipNetwork | undefined): [key: string, label: string, value: string][] {
  if (!network) return []
  const explorers = Object.values(network.blockExplorers ?? {}).map((e) => e.url)
  return [
    ['id', 'Id', String(network.id)],
    ['name', 'Name', network.name],
    ['chain-namespace', 'Chain namespace', network.chainNamespace],
    ['caip-network-id', 'Namespaced network id', network.caipNetworkId],
    [
      'native-currency',
      'Native currency',
      `${network.nativeCurrency.name} (${network.nativeCurrency.symbol}, ${network.nativeCurrency.decimals} decimals)`,
    ],
    ['rpc-urls', 'RPC URLs', [...new Set(Object.values(network.rpcUrls).flatMap((r) => r.http))].join(' ')],
    ['block-explorers', 'Block explorers', explorers.length ? explorers.join(' ') : 'none'],
    ['testnet', 'Testnet', network.testnet ? 'yes' : 'no'],
  ]
}
