import { zeroHash, type Abi, type Address, type Hex } from 'viem'

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

export const depositFactoryAbi = [
  {
    type: 'function',
    name: 'depositAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'recipient', type: 'address' },
      { name: 'salt', type: 'bytes32' },
    ],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'collect',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'recipients', type: 'address[]' },
      { name: 'salts', type: 'bytes32[]' },
      { name: 'tokens', type: 'address[]' },
    ],
    outputs: [],
  },
] as const satisfies Abi

export const forwarderAbi = [
  { type: 'constructor', stateMutability: 'nonpayable', inputs: [{ name: 'recipient_', type: 'address' }] },
  {
    type: 'function',
    name: 'recipient',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'flush',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'tokens', type: 'address[]' }],
    outputs: [],
  },
  { type: 'receive', stateMutability: 'payable' },
] as const satisfies Abi

export const depositFactoryBytecode = factoryArtifact.bytecode as Hex
/** The forwarder's creation code, without the constructor argument (the recipient). */
export const forwarderBytecode = forwarderArtifact.bytecode as Hex
