export {
  startAnvil,
  anvilBinaryPath,
  findLeftoverAnvil,
  type ChainPidFile,
  type StartAnvilParameters,
  type StartAnvilReturnType,
} from '@paylink/chains/eip155/devnet'
export {
  startDevnet,
  resetDevnetState,
  DEVNET_CHAINS,
  TUSD_PER_ACCOUNT,
  type Devnet,
  type DevnetBitcoin,
  type DevnetChain,
  type DevnetSolana,
  type DevnetToken,
  type StartDevnetParameters,
} from './devnet.js'
export { DevnetError, DevnetInUseError, DevnetStateError } from './errors.js'
export { startDevnetProcess, type StartDevnetProcessParameters } from './startDevnetProcess.js'
