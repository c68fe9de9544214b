import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
} from 'viem'

/**
 * What the bench does on an anvil chain: pay from an unlocked devnet account (viem wallet
 * client, as a payer's wallet would), switch automine off so a transaction waits in the
 * mempool, and mine a block when the bench says so.
 */
export function devnetWallet(rpcUrl: string) {
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  return {
    payEth(from: Address, to: Address, amount: string): Promise<Hash> {
      return createWalletClient({ transport: http(rpcUrl), account: from }).sendTransaction({
        chain: null,
        to,
        value: parseEther(amount),
      })
    },
    payToken(token: Address, from: Address, to: Address, amount: string, decimals: number): Promise<Hash> {
      return createWalletClient({ transport: http(rpcUrl), account: from }).writeContract({
        chain: null,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, decimals)],
      })
    },
    setAutomine(on: boolean): Promise<void> {
      return test.setAutomine(on)
    },
    mine(blocks = 1): Promise<void> {
      return test.mine({ blocks })
    },
  }
}
