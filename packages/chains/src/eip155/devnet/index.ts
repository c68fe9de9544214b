// The eip155 family's devnet face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
export { deployDepositFactory, type DeployDepositFactoryParameters } from './deployDepositFactory.js'
export { deployDepositFactoryOnDevnet } from './deployDepositFactoryOnDevnet.js'
