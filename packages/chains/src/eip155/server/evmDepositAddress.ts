import { PAYLINK_DEPOSIT_FACTORY_ADDRESS, forwarderBytecode } from '@paylink/chains/eip155/core'
import {
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  keccak256,
  toHex,
  type Address,
  type Hex,
} from 'viem'

/** The CREATE2 salt of an option's forwarder: keccak256 of its id (ids are unique and never reused). */
export function evmDepositSalt(optionId: string): Hex {
  return keccak256(toHex(optionId))
}

/**
 * An option's deposit address: where PaylinkDepositFactory.collect deploys the forwarder that can
 * only pay `recipient`, computed off-chain exactly as the factory's `depositAddress` view does
 * (a devnet test checks they agree). Checksummed.
 */
export function evmDepositAddress(recipient: string, optionId: string): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
    salt: evmDepositSalt(optionId),
    bytecode: concat([forwarderBytecode, encodeAbiParameters([{ type: 'address' }], [getAddress(recipient)])]),
  })
}
