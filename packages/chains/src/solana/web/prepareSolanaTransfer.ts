import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { solanaRpc } from './solanaRpc.js'
import { withReferenceKeys } from './withReferenceKeys.js'

export interface SolanaTransferRequest {
  rpcUrl: string
  from: string
  to: string
  /** Atomic units: lamports, or the token's base units when `token` is set. */
  amount: bigint
  /** An SPL token (classic Token program): its mint and decimals. */
  token?: { mint: string; decimals: number } | undefined
  /** Solana Pay reference keys, added to the transfer instruction as read-only non-signers. */
  references?: readonly string[] | undefined
}

export interface PreparedSolanaTransfer {
  /** The unsigned wire transaction (legacy), for the wallet to sign and send. */
  transaction: Uint8Array
  /** What the network charges for it (getFeeForMessage), in lamports. */
  fee: bigint
  /** Lamports set aside to open the recipient's token account when it has none (0 otherwise). */
  rent: bigint
}

/** Rent-exempt size of an SPL token account. */
const TOKEN_ACCOUNT_SIZE = 165

/**
 * Builds a transfer of SOL or of an SPL token (to the recipient's associated token account,
 * created in the same transaction when missing), with any Solana Pay reference keys on the
 * transfer instruction, and asks the RPC what it will cost, so the page
 * shows the fee before the wallet is asked.
 */
export async function prepareSolanaTransfer({
  rpcUrl,
  from,
  to,
  amount,
  token,
  references = [],
}: SolanaTransferRequest): Promise<PreparedSolanaTransfer> {
  const payer = createNoopSigner(address(from))
  const instructions: Instruction[] = []
  let rent = 0n
  if (!token) {
    instructions.push(
      withReferenceKeys(getTransferSolInstruction({ source: payer, destination: address(to), amount }), references),
    )
  } else {
    const mint = address(token.mint)
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: address(from), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: address(to), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    const existing = await solanaRpc<{ value: unknown }>(rpcUrl, 'getAccountInfo', [
      destination,
      { encoding: 'base64', commitment: 'confirmed' },
    ])
    if (existing.value === null) {
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: address(to), mint }),
      )
      rent = BigInt(await solanaRpc<number>(rpcUrl, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE]))
    }
    instructions.push(
      withReferenceKeys(
        getTransferCheckedInstruction({
          source,
          mint,
          destination,
          authority: payer,
          amount,
          decimals: token.decimals,
        }),
        references,
      ),
    )
  }
  const compiled = await compileWithLatestBlockhash(rpcUrl, from, instructions)
  const message = getBase64Decoder().decode(compiled.messageBytes)
  const fee = await solanaRpc<{ value: number | null }>(rpcUrl, 'getFeeForMessage', [
    message,
    { commitment: 'confirmed' },
  ])
  if (fee.value === null)
    throw new Error('The network did not price the transaction (its blockhash expired); try again.')
  return { transaction: new Uint8Array(getTransactionEncoder().encode(compiled)), fee: BigInt(fee.value), rent }
}

/** The payer's legacy transaction of `instructions`, valid from the network's latest confirmed blockhash (not signed). */
export async function compileWithLatestBlockhash(
  rpcUrl: string,
  feePayer: string,
  instructions: readonly Instruction[],
) {
  const latest = await solanaRpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
    rpcUrl,
    'getLatestBlockhash',
    [{ commitment: 'confirmed' }],
  )
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(address(feePayer), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: latest.value.blockhash as Blockhash,
            lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight),
          },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}
