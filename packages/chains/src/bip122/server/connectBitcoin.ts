import { ChainMismatchError } from '../../serverFace/chainMismatchError.js'
import type { ChainEndpoint, ConnectChainOptions, PaymentChainReader } from '../../serverFace/chainFamily.js'
import { BitcoinReaderMemory } from './bitcoinReaderMemory.js'
import { bitcoinNetworkOf, bitcoinNetworks } from './bitcoinNetworks.js'
import { createEsploraClient } from './createEsploraClient.js'
import { readBitcoinEvidence } from './readBitcoinEvidence.js'
import { scanBitcoinBlocks } from './scanBitcoinBlocks.js'
import { sightMempool } from './sightMempool.js'

/**
 * The tracker's connection to one Bitcoin network through its Esplora API (`rpcUrl` is the
 * Esplora base URL). Its identity is the genesis block's hash, which must be the one the
 * CAIP-2 id names (a known network: mainnet, testnet3, signet, regtest).
 */
export function connectBitcoin(
  { caipNetworkId, rpcUrl, rpcUrls }: ChainEndpoint,
  { timeoutMs, onHttpRequest, retry, onEndpointSwitch }: ConnectChainOptions,
): PaymentChainReader {
  const esplora = createEsploraClient({
    baseUrl: rpcUrl,
    ...(rpcUrls ? { baseUrls: rpcUrls } : {}),
    timeoutMs,
    ...(onHttpRequest ? { onHttpRequest } : {}),
    ...(retry ? { retry } : {}),
    ...(onEndpointSwitch ? { onEndpointSwitch } : {}),
  })
  const network = bitcoinNetworkOf(caipNetworkId)
  // An unknown genesis still reads (readIdentity refuses it); its addresses decode as regtest's so nothing throws before.
  const memory = new BitcoinReaderMemory(network ?? bitcoinNetworks.get('0f9188f13cb7b2c71f2a335e3a4fc328')!)
  return {
    readHead: () => esplora.tipHeight(),
    async readIdentity() {
      const genesis = await esplora.blockHashAt(0n)
      if (!network)
        throw new ChainMismatchError(
          `${caipNetworkId} is not a Bitcoin network this server knows (mainnet, testnet3, signet or regtest).`,
        )
      if (!genesis?.startsWith(network.genesisRef)) {
        throw new ChainMismatchError(
          `The Esplora API of ${caipNetworkId} serves a chain whose block 0 is ${genesis ?? 'missing'}, not Bitcoin ${network.name}.`,
        )
      }
      return `genesis ${genesis}`
    },
    findPayments: (parameters) => scanBitcoinBlocks({ ...parameters, esplora, memory }),
    // Between blocks the tracker asks for the mempool alone (the same rotation as with a block).
    sightPending: (watches) => sightMempool(esplora, memory, watches),
    readEvidence: (expectations, knownBlocks) => readBitcoinEvidence({ esplora, expectations, knownBlocks }),
    async readInputAddresses(transactionId) {
      const transaction = await esplora.transaction(transactionId.toLowerCase())
      return transaction ? transaction.vin.map((input) => input.prevout?.scriptpubkey_address ?? '') : null
    },
    endpointInUse: esplora.endpointInUse,
  }
}
