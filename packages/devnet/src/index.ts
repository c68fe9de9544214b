export { startAnvil, anvilBinaryPath, type StartAnvilParameters, type StartAnvilReturnType } from './anvil.js'
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
export { findLeftoverAnvil, type ChainPidFile } from './findLeftoverAnvil.js'
export { startDevnetProcess, type StartDevnetProcessParameters } from './startDevnetProcess.js'
