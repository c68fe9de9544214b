import { parseAbi, zeroHash, type Address, type Hex } from 'viem'

import factoryArtifact from './contracts/PaylinkDepositFactory.json' with { type: 'json' }
import forwarderArtifact from './contracts/PaylinkForwarder.json' with { type: 'json' }

/**
 * The deterministic-deployment proxy (Arachnid's): `to` it, data = salt ++ init code, it deploys with
 * CREATE2. Anvil has it from block 0; most EVM chains have it at this same address.
 */
export const DETERMINISTIC_DEPLOYMENT_PROXY: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

export const PAYLINK_DEPOSIT_FACTORY_SALT: Hex = zeroHash

/**
 * The factory's address on every chain where it was deployed through the proxy with salt 0 (a test
 * checks it against the artifact: recompiling a changed contract changes it).
 */
export const PAYLINK_DEPOSIT_FACTORY_ADDRESS: Address = '0xd01168314e3ac0587652cC559Fd7068A48703493'

// Human-readable signatures, parsed by viem (abitype): the same ABI items the compiler writes, typed.
export const depositFactoryAbi = /* @__PURE__ */ parseAbi([
  'function depositAddress(address recipient, bytes32 salt) view returns (address)',
  'function collect(address[] recipients, bytes32[] salts, address[] tokens)',
])

export const forwarderAbi = /* @__PURE__ */ parseAbi([
  'constructor(address recipient_)',
  'function recipient() view returns (address)',
  'function flush(address[] tokens)',
  'receive() external payable',
])

export const depositFactoryBytecode = factoryArtifact.bytecode as Hex
/** The forwarder's creation code, without the constructor argument (the recipient). */
export const forwarderBytecode = forwarderArtifact.bytecode as Hex
