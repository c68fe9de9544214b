export {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_DEPOSIT_FACTORY_ADDRESS,
  PAYLINK_DEPOSIT_FACTORY_SALT,
  depositFactoryAbi,
  depositFactoryBytecode,
  forwarderAbi,
  forwarderBytecode,
} from './depositContracts.js'
export { deployDepositFactory, type DeployDepositFactoryParameters } from './deployDepositFactory.js'
