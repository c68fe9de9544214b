import { address, createNoopSigner, getTransactionEncoder } from '@solana/kit'
import {
  findAssociatedTokenPda,
  getApproveCheckedInstruction,
  getRevokeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { compileWithLatestBlockhash } from './prepareSolanaTransfer.js'

export interface SolanaDelegateRequest {
  rpcUrl: string
  /** The payer: owner of the token account and fee payer. */
  owner: string
  mint: string
  decimals: number
}

/** The owner's associated token account of the mint: the account renewals are pulled from. */
async function payerTokenAccount({ owner, mint }: SolanaDelegateRequest) {
  const [account] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return account
}

const wire = async (request: SolanaDelegateRequest, instruction: Parameters<typeof compileWithLatestBlockhash>[2][0]) =>
  new Uint8Array(
    getTransactionEncoder().encode(await compileWithLatestBlockhash(request.rpcUrl, request.owner, [instruction])),
  )

/**
 * The payer's consent to automatic renewal on Solana, unsigned for their wallet: an SPL
 * `approveChecked` that makes `delegate` (the server's collector key) the delegate of their token
 * account up to `amount` base units in all. Checked: the token program refuses it if the mint or
 * its decimals are not what the payer was shown.
 */
export async function prepareSolanaApprove(
  request: SolanaDelegateRequest & { delegate: string; amount: bigint },
): Promise<Uint8Array> {
  return wire(
    request,
    getApproveCheckedInstruction({
      source: await payerTokenAccount(request),
      mint: address(request.mint),
      delegate: address(request.delegate),
      owner: createNoopSigner(address(request.owner)),
      amount: request.amount,
      decimals: request.decimals,
    }),
  )
}

/** Takes any delegate's allowance back (SPL `revoke`): no renewal can be pulled after it lands. */
export async function prepareSolanaRevoke(request: SolanaDelegateRequest): Promise<Uint8Array> {
  return wire(
    request,
    getRevokeInstruction({ source: await payerTokenAccount(request), owner: createNoopSigner(address(request.owner)) }),
  )
}
