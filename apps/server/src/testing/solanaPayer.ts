import { createTransfer, parseURL } from '@solana/pay'
import { Connection, Keypair } from '@solana/web3.js'

export interface SolanaPayer {
  address: string
  /** Pays an option's Solana Pay URI as a phone wallet does (@solana/pay's parseURL and createTransfer); resolves once confirmed. */
  pay(paymentUri: string): Promise<string>
}

/**
 * A payer the app never saw on a Solana devnet, funded with SOL by its faucet, and `recipients`
 * funded too (createTransfer, like the spec, refuses to pay an account that does not exist yet).
 * Talks to the devnet directly, never through a test's fault proxy.
 */
export async function fundSolanaPayer(
  devnet: { rpcUrl: string; faucet(address: string, asset: string, amount: bigint): Promise<string> },
  recipients: readonly string[] = [],
): Promise<SolanaPayer> {
  const payer = Keypair.generate()
  const connection = new Connection(devnet.rpcUrl, 'confirmed')
  const confirmed = async (signature: string, commitment: 'confirmed' | 'finalized' = 'confirmed') => {
    for (const until = Date.now() + 30_000; Date.now() < until;) {
      const { value } = await connection.getSignatureStatus(signature)
      const status = value?.confirmationStatus
      if (status === 'finalized' || (status === 'confirmed' && commitment === 'confirmed')) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`${signature} not ${commitment} within 30 s`)
  }
  const funding = await Promise.all(
    [payer.publicKey.toBase58(), ...recipients].map((address) => devnet.faucet(address, 'native', 10_000_000_000n)),
  )
  await Promise.all(funding.map((signature) => confirmed(signature, 'finalized')))
  return {
    address: payer.publicKey.toBase58(),
    async pay(paymentUri) {
      const request = parseURL(paymentUri)
      if (!('recipient' in request)) throw new Error(`${paymentUri}: not a Solana Pay transfer request`)
      const transaction = await createTransfer(
        connection,
        payer.publicKey,
        { recipient: request.recipient, amount: request.amount!, reference: request.reference },
        { commitment: 'confirmed' },
      )
      transaction.sign(payer)
      const signature = await connection.sendRawTransaction(transaction.serialize())
      await confirmed(signature)
      return signature
    },
  }
}
