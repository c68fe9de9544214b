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
 * What a bench or a test does on an anvil chain: pay from an unlocked devnet account (viem wallet
 * client, as a payer's wallet would), switch automine off so a transaction waits in the mempool,
 * and mine a block when it says so.
 */
export function anvilWallet(rpcUrl: string) {
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  const wallet = (from: Address) => createWalletClient({ transport: http(rpcUrl), account: from })
  return {
    payEth(from: Address, to: Address, amount: string): Promise<Hash> {
      return wallet(from).sendTransaction({ chain: null, to, value: parseEther(amount) })
    },
    payToken(
      token: Address,
      from: Address,
      to: Address,
      amount: string,
      decimals: number,
      gas?: bigint,
    ): Promise<Hash> {
      return wallet(from).writeContract({
        chain: null,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, decimals)],
        ...(gas ? { gas } : {}),
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
