import { AccountRole, address, type Instruction } from '@solana/kit'

/**
 * The instruction with Solana Pay `reference` keys appended to its accounts as read-only,
 * non-signer keys, as the Solana Pay spec asks of the transfer instruction: the server (or any
 * tracker) then finds the transaction with getSignaturesForAddress(reference), and the program
 * ignores accounts past the ones it reads.
 */
export function withReferenceKeys<T extends Instruction>(instruction: T, references: readonly string[]): T {
  if (references.length === 0) return instruction
  return {
    ...instruction,
    accounts: [
      ...(instruction.accounts ?? []),
      ...references.map((reference) => ({ address: address(reference), role: AccountRole.READONLY })),
    ],
  }
}
