import { encodeFunctionData, erc20Abi, type Address, type PublicClient } from 'viem'
import { chainReadFailure } from './rawRequest.js'

export interface ReadEvmDepositBalancesParameters {
  client: PublicClient
  deposits: readonly string[]
  /** ERC-20 contracts whose balances are read at each address. */
  tokens: readonly string[]
}

export interface EvmDepositBalance {
  native: bigint
  /** By token address, lowercase. */
  tokens: Map<string, bigint>
}

/**
 * What each deposit address holds now: its native balance and its balance of each token, all
 * asked in the same tick, so the client's JSON-RPC batching sends them 500 to an HTTP request.
 * No database access.
 */
export async function readEvmDepositBalances({
  client,
  deposits,
  tokens,
}: ReadEvmDepositBalancesParameters): Promise<Map<string, EvmDepositBalance>> {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<string>
  try {
    const answers = await Promise.all(
      deposits.map((deposit) =>
        Promise.all([
          request({ method: 'eth_getBalance', params: [deposit, 'latest'] }),
          ...tokens.map((token) =>
            request({
              method: 'eth_call',
              params: [
                {
                  to: token,
                  data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [deposit as Address] }),
                },
                'latest',
              ],
            }),
          ),
        ]),
      ),
    )
    return new Map(
      deposits.map((deposit, i) => {
        const [native, ...held] = answers[i]!
        return [
          deposit,
          {
            native: BigInt(native),
            tokens: new Map(
              tokens.map((token, j) => [token.toLowerCase(), held[j] && held[j] !== '0x' ? BigInt(held[j]) : 0n]),
            ),
          },
        ]
      }),
    )
  } catch (cause) {
    throw chainReadFailure('Could not read deposit balances from the RPC', cause)
  }
}
