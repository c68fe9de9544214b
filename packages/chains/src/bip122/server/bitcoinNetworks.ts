import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import { parseCaipNetworkId } from '../../parseCaipNetworkId.js'

type BtcSignerNetwork = typeof NETWORK

/** What the Bitcoin family needs to know about one network. */
export interface BitcoinNetwork {
  name: 'mainnet' | 'testnet' | 'signet' | 'regtest'
  /** The CAIP-2 reference: the genesis block hash's first 32 hex characters. */
  genesisRef: string
  /** Mainnet keys are `xpub`/`zpub`; every test network shares `tpub`/`vpub`. */
  mainnet: boolean
  /** @scure/btc-signer's network parameters (bech32 prefix `bc`, `tb` or `bcrt`). */
  parameters: BtcSignerNetwork
}

const testParameters: BtcSignerNetwork = TEST_NETWORK
const regtestParameters: BtcSignerNetwork = { ...TEST_NETWORK, bech32: 'bcrt' }

/** The Bitcoin networks by CAIP-2 reference (BIP122: the genesis hash, truncated). */
export const bitcoinNetworks: ReadonlyMap<string, BitcoinNetwork> = new Map(
  (
    [
      { name: 'mainnet', genesisRef: '000000000019d6689c085ae165831e93', mainnet: true, parameters: NETWORK },
      { name: 'testnet', genesisRef: '000000000933ea01ad0ee984209779ba', mainnet: false, parameters: testParameters },
      { name: 'signet', genesisRef: '00000008819873e925422c1ff0f99f7c', mainnet: false, parameters: testParameters },
      {
        name: 'regtest',
        genesisRef: '0f9188f13cb7b2c71f2a335e3a4fc328',
        mainnet: false,
        parameters: regtestParameters,
      },
    ] satisfies BitcoinNetwork[]
  ).map((network) => [network.genesisRef, network]),
)

/** The Bitcoin network of a `bip122:` CAIP-2 id, or undefined for a chain this server does not know (say, a fork). */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetwork | undefined {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  return namespace === 'bip122' ? bitcoinNetworks.get(reference.toLowerCase()) : undefined
}
