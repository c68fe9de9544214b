/**
 * Asks Reown's project-configuration endpoint whether this browser can reach the cloud that
 * email and social login, WalletConnect, swaps and name registration run on. Gives up after
 * `timeoutMs`: a network that drops packets must not leave the question open.
 */
export async function probeReownCloud(projectId: string, { timeoutMs = 4000, fetchFn = fetch } = {}): Promise<void> {
  const url = `https://api.web3modal.org/appkit/v1/config?projectId=${encodeURIComponent(projectId)}&st=appkit&sv=paylink-probe`
  let response: Response
  try {
    response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs) })
  } catch (e) {
    throw new Error(
      `api.web3modal.org did not answer (${(e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e as Error).message})`,
    )
  }
  if (!response.ok) throw new Error(`api.web3modal.org answered ${response.status}`)
}
