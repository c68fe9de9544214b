import { zeroHash, type Abi, type Address, type Hex } from 'viem'

import collectorArtifact from './contracts/PaylinkCollector.json' with { type: 'json' }

export const PAYLINK_COLLECTOR_SALT: Hex = zeroHash

/**
 * PaylinkCollector's address on every chain where it was deployed through the deterministic-deployment
 * proxy with salt 0 (a test checks it against the artifact: recompiling a changed contract changes it).
 */
export const PAYLINK_COLLECTOR_ADDRESS: Address = '0x7fB0edd696463fBCe0C2AC35589De38EfD530a6a'

/** The artifact's ABI, spelled out so viem types the calls (a test compares the two). */
export const collectorAbi = [
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
    ],
    name: 'Canceled',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
      {
        indexed: false,
        internalType: 'uint256',
        name: 'amount',
        type: 'uint256',
      },
      {
        indexed: false,
        internalType: 'uint64',
        name: 'periodStart',
        type: 'uint64',
      },
    ],
    name: 'Collected',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
      {
        indexed: true,
        internalType: 'address',
        name: 'payer',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'token',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'merchant',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'address',
        name: 'collector',
        type: 'address',
      },
      {
        indexed: false,
        internalType: 'uint256',
        name: 'amount',
        type: 'uint256',
      },
      {
        indexed: false,
        internalType: 'uint64',
        name: 'interval',
        type: 'uint64',
      },
      {
        indexed: false,
        internalType: 'uint64',
        name: 'nextCollectAt',
        type: 'uint64',
      },
    ],
    name: 'Subscribed',
    type: 'event',
  },
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
    ],
    name: 'cancel',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
      {
        internalType: 'address',
        name: 'to',
        type: 'address',
      },
      {
        internalType: 'uint256',
        name: 'amount',
        type: 'uint256',
      },
    ],
    name: 'collect',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: 'id',
        type: 'bytes32',
      },
      {
        internalType: 'address',
        name: 'token',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'merchant',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'collector',
        type: 'address',
      },
      {
        internalType: 'uint256',
        name: 'amount',
        type: 'uint256',
      },
      {
        internalType: 'uint64',
        name: 'interval',
        type: 'uint64',
      },
      {
        internalType: 'uint64',
        name: 'firstCollectAt',
        type: 'uint64',
      },
    ],
    name: 'subscribe',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      {
        internalType: 'bytes32',
        name: '',
        type: 'bytes32',
      },
    ],
    name: 'subscriptions',
    outputs: [
      {
        internalType: 'address',
        name: 'payer',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'token',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'merchant',
        type: 'address',
      },
      {
        internalType: 'address',
        name: 'collector',
        type: 'address',
      },
      {
        internalType: 'uint256',
        name: 'amount',
        type: 'uint256',
      },
      {
        internalType: 'uint64',
        name: 'interval',
        type: 'uint64',
      },
      {
        internalType: 'uint64',
        name: 'nextCollectAt',
        type: 'uint64',
      },
      {
        internalType: 'bool',
        name: 'canceled',
        type: 'bool',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
] as const satisfies Abi

export const collectorBytecode = collectorArtifact.bytecode as Hex
