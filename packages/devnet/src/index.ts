export { startAnvil, anvilBinaryPath, type StartAnvilParameters, type StartAnvilReturnType } from './anvil.js'
export {
  startDevnet,
  DEVNET_CHAINS,
  TUSD_PER_ACCOUNT,
  type Devnet,
  type DevnetChain,
  type DevnetToken,
} from './devnet.js'
