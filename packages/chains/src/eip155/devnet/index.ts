// The eip155 family's devnet face (see ../../../README.md): anvil nodes that keep their chain
// from one start to the next. Node only; the Dev Wallet's EVM provider is in ./wallet.
export { startAnvil, anvilBinaryPath, type StartAnvilParameters, type StartAnvilReturnType } from './anvil.js'
export { startSavedAnvil, type StartSavedAnvilParameters, type StartSavedAnvilReturnType } from './startSavedAnvil.js'
export { endLeftoverAnvil, type EndLeftoverAnvilParameters } from './endLeftoverAnvil.js'
export { findLeftoverAnvil, type ChainPidFile } from './findLeftoverAnvil.js'
export { chainStateFiles, type ChainStateFiles } from './chainStateFiles.js'
export { deployCollector, deployDepositFactory, type DeployDepositFactoryParameters } from './deployDepositFactory.js'
export { deployDepositFactoryOnDevnet } from './deployDepositFactoryOnDevnet.js'
export { anvilWallet } from './anvilWallet.js'
