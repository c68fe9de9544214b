import { expect, type Page } from '@playwright/test'
import { signInWithTestWallet } from './fixtures.js'

// The API as a spec's merchant uses it when the dashboard's forms are not what is tested: the asset
// ids of GET /api/config, and links and plans created with the signed-in page's session.

/**
 * anvil's account 2, where the specs' links pay: the merchant signs in with the devnet's account 0
 * and the test wallet pays from account 0 too, so a third address makes the transfer a real one.
 */
export const LINK_RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** An asset as GET /api/config lists it, the fields the specs read. */
export interface ConfigAsset {
  assetId: string
  caipNetworkId: string
  symbol: string
  native: boolean
}

/** Creates a link through the API with the page's session (signed in); returns the created link. */
export async function createLinkThroughApi<T = { id: string }>(page: Page, body: Record<string, unknown>): Promise<T> {
  return createThroughApi<T>(page, '/api/links', body)
}

/** Creates a subscription plan through the API with the page's session (signed in); returns the created plan. */
export async function createPlanThroughApi<T = { id: string }>(page: Page, body: Record<string, unknown>): Promise<T> {
  return createThroughApi<T>(page, '/api/plans', body)
}

async function createThroughApi<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const origin = new URL(page.url()).origin
  const response = await page.request.post(path, { headers: { origin }, data: body })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as T
}

/**
 * Signs the merchant in with the Paylink Test Wallet and creates a link of `amount` Test USD on the
 * Paylink Devnet, paid to LINK_RECIPIENT; returns the link as the API answered and the Test USD asset id.
 */
export async function signInWithTusdLink<T = { id: string }>(
  page: Page,
  { amount, ...link }: { title: string; amount: string; expiresInSeconds?: number },
) {
  await signInWithTestWallet(page)
  const { tusd } = await devnetAssets(page)
  const options = [{ asset: tusd, amount, recipient: LINK_RECIPIENT }]
  return { tusd, link: await createLinkThroughApi<T>(page, { ...link, options }) }
}

/** The id of the asset `symbol` on the network people call `networkName`, from GET /api/config. */
export async function assetOn(page: Page, networkName: string, symbol: string): Promise<string> {
  const config = (await (await page.request.get('/api/config')).json()) as {
    networks: Array<{ caipNetworkId: string; name: string }>
    assets: ConfigAsset[]
  }
  const network = config.networks.find((n) => n.name === networkName)
  expect(network, `the demo has ${networkName}`).toBeTruthy()
  const asset = config.assets.find((a) => a.caipNetworkId === network!.caipNetworkId && a.symbol === symbol)
  expect(asset, `${symbol} on ${networkName}`).toBeTruthy()
  return asset!.assetId
}

/** The Test USD and Ether asset ids on the Paylink Devnet (31337) and the Ether one on its L2 (31338), from GET /api/config. */
export async function devnetAssets(page: Page) {
  const config = (await (await page.request.get('/api/config')).json()) as { assets: ConfigAsset[] }
  const find = (network: string, native: boolean) =>
    config.assets.find((a) => a.caipNetworkId === network && a.native === native)!.assetId
  return { tusd: find('eip155:31337', false), eth: find('eip155:31337', true), ethL2: find('eip155:31338', true) }
}
