import {
  ComputeBudgetProgram,
  SystemProgram,
  Transaction,
  type Connection,
  type Keypair,
  type PublicKey,
} from '@solana/web3.js'

/**
 * A legacy SOL transfer on the latest blockhash (at the connection's commitment), unsigned: the
 * shape AppKit's Send builds through @solana/web3.js. `priced` adds the compute-budget instructions
 * AppKit adds (20,000,000 micro-lamports a unit, 500 units: a fee of 15,000 lamports); `reference`
 * rides as a read-only non-signer key, the Solana Pay way.
 */
export async function legacyTransfer(
  connection: Connection,
  {
    from,
    to,
    lamports,
    priced = false,
    reference,
  }: { from: PublicKey; to: PublicKey; lamports: number; priced?: boolean; reference?: PublicKey },
): Promise<Transaction> {
  const transfer = SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports })
  if (reference) transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
  const budget = priced
    ? [
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 20_000_000 }),
        ComputeBudgetProgram.setComputeUnitLimit({ units: 500 }),
      ]
    : []
  return new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(...budget, transfer)
}

/** The same transfer signed by `from`, ready to send. */
export async function signedTransfer(
  connection: Connection,
  from: Keypair,
  transfer: { to: PublicKey; lamports: number; priced?: boolean; reference?: PublicKey },
): Promise<Transaction> {
  const tx = await legacyTransfer(connection, { from: from.publicKey, ...transfer })
  tx.sign(from)
  return tx
}
