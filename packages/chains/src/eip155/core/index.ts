// The eip155 family's core face: see ../../../README.md. Filled by the chain-family move (#28).
export {}
export { evmPaymentUri } from './evmPaymentUri.js'
export {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_DEPOSIT_FACTORY_ADDRESS,
  PAYLINK_DEPOSIT_FACTORY_SALT,
  depositFactoryAbi,
  depositFactoryBytecode,
  forwarderAbi,
  forwarderBytecode,
} from './depositContracts.js'
