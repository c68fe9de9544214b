import { parseCaipAssetId } from '../../parseCaipAssetId.js'
import type { ChainAsset, ChainNetwork } from '../../chainShapes.js'
import { jsonRpcBatch } from './jsonRpc.js'

type TokenAccounts = {
  value: Array<{ account: { data: { parsed?: { info?: { tokenAmount?: { amount?: string } } } } } }>
}

/** Every asset's atomic balance in one JSON-RPC batch: getBalance for SOL, getTokenAccountsByOwner per token. */
export async function readSolanaBalances(
  network: ChainNetwork,
  assets: readonly ChainAsset[],
  address: string,
): Promise<Array<bigint | Error>> {
  const answers = await jsonRpcBatch(
    network.rpcUrl,
    assets.map((asset) =>
      asset.native
        ? { method: 'getBalance', params: [address, { commitment: 'confirmed' }] }
        : {
            method: 'getTokenAccountsByOwner',
            params: [
              address,
              { mint: parseCaipAssetId(asset.assetId).assetReference },
              { encoding: 'jsonParsed', commitment: 'confirmed' },
            ],
          },
    ),
  )
  return answers.map((answer, i) => {
    if (answer instanceof Error) return answer
    if (assets[i]!.native) return BigInt((answer as { value: number | string }).value)
    return (answer as TokenAccounts).value.reduce(
      (sum, a) => sum + BigInt(a.account.data.parsed?.info?.tokenAmount?.amount ?? '0'),
      0n,
    )
  })
}

/** The confirmed slot: the cheapest sign the network moved. */
export async function readSolanaHead(network: ChainNetwork): Promise<bigint> {
  const [slot] = await jsonRpcBatch(network.rpcUrl, [{ method: 'getSlot', params: [{ commitment: 'confirmed' }] }])
  if (slot instanceof Error) throw slot
  return BigInt(slot as number)
}
