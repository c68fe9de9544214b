import type { APIRequestContext } from '@playwright/test'

/** An SPL token account as the devnet's jsonParsed encoding shows it. */
export interface ParsedTokenAccount {
  tokenAmount: { amount: string }
  delegate?: string
  delegatedAmount?: { amount: string }
}

/** `owner`'s token accounts of `mint`, read from the demo's Solana devnet itself (through the server's proxy). */
export async function solanaTokenAccounts(
  request: APIRequestContext,
  owner: string,
  mint: string,
): Promise<ParsedTokenAccount[]> {
  const response = await request.post('/devnet/solana/rpc', {
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountsByOwner',
      params: [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    },
  })
  const { result } = (await response.json()) as {
    result: { value: Array<{ account: { data: { parsed: { info: ParsedTokenAccount } } } }> }
  }
  return result.value.map((a) => a.account.data.parsed.info)
}
