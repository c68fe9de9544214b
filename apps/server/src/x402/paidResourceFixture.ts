import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { HTTPFacilitatorClient } from '@x402/core/http'
import type {
  Network,
  PaymentPayload,
  SchemeNetworkClient,
  SchemeNetworkServer,
  SupportedResponse,
} from '@x402/core/types'
import { SOLANA_DEVNET_CAIP2 } from '@x402/svm'
import { ExactSvmScheme as ExactSvmClient } from '@x402/svm/exact/client'
import type { TransactionSigner } from '@solana/kit'
import { paymentMiddleware, x402ResourceServer } from '@x402/express'
import express from 'express'
import type { FastifyInstance } from 'fastify'

// Fixtures for the facilitator's integration tests and its bench (EVM and Solana): a resource
// server as a merchant writes it, a direct call to the facilitator as a replaying client would
// make it, and @x402/svm's client on a cluster it does not know by name.

export interface PaidResource {
  url: string
  /** The last PAYMENT-SIGNATURE header a client sent (to replay it). */
  lastPaymentHeader(): string | undefined
  close(): Promise<void>
}

/**
 * A resource server in the README's ten lines: @x402/express with Paylink as its facilitator
 * (the merchant's API key on every call), on a free port. `GET /weather` ("Weather now") pays
 * `payTo` and answers `{ sky: 'clear' }`; `GET /foreign` pays `foreign`, someone else.
 */
export async function startPaidResource(options: {
  facilitatorUrl: string
  apiKey: string
  network: Network
  scheme: SchemeNetworkServer
  price: { amount: string; asset: string; extra?: Record<string, unknown> }
  payTo: string
  foreign: string
}): Promise<PaidResource> {
  const auth = { Authorization: `Bearer ${options.apiKey}` }
  const facilitator = new HTTPFacilitatorClient({
    url: options.facilitatorUrl,
    createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }),
  })
  const server = new x402ResourceServer(facilitator).register(options.network, options.scheme)
  let lastPaymentHeader: string | undefined
  const web = express()
  web.use((req, _res, next) => {
    lastPaymentHeader = req.header('payment-signature') ?? lastPaymentHeader
    next()
  })
  const accepts = (payTo: string) => ({ scheme: 'exact', network: options.network, payTo, price: options.price })
  web.use(
    paymentMiddleware(
      {
        'GET /weather': { accepts: accepts(options.payTo), description: 'Weather now' },
        'GET /foreign': { accepts: accepts(options.foreign), description: 'Paid to someone else' },
      },
      server,
    ),
  )
  web.get('/weather', (_req, res) => void res.json({ sky: 'clear' }))
  web.get('/foreign', (_req, res) => void res.json({ sky: 'foreign' }))
  const http = createServer(web)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    lastPaymentHeader: () => lastPaymentHeader,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  }
}

export interface ServedFacilitator {
  facilitatorUrl: string
  resource: PaidResource
  /** What GET /supported answers, as anyone asks it (no key). */
  supported(): Promise<SupportedResponse>
  /** Closes the resource, then the app. */
  close(): Promise<void>
}

/** The app on a free loopback port, and a paid resource with the app as its facilitator. */
export async function serveWithPaidResource(
  app: FastifyInstance,
  options: Omit<Parameters<typeof startPaidResource>[0], 'facilitatorUrl'>,
): Promise<ServedFacilitator> {
  const facilitatorUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/x402/facilitator`
  const resource = await startPaidResource({ facilitatorUrl, ...options })
  return {
    facilitatorUrl,
    resource,
    supported: async () => (await fetch(`${facilitatorUrl}/supported`)).json() as Promise<SupportedResponse>,
    close: async () => {
      await resource.close()
      await app.close()
    },
  }
}

/** POSTs a payload to the facilitator's verify or settle, against the requirements it accepted. */
export const postFacilitator = (
  facilitatorUrl: string,
  path: 'verify' | 'settle',
  payload: PaymentPayload,
  apiKey?: string,
) =>
  fetch(`${facilitatorUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify({ x402Version: 2, paymentPayload: payload, paymentRequirements: payload.accepted }),
  })

/**
 * @x402/svm's exact client on the cluster at `rpcUrl`. Its client picks a cluster's RPC by the
 * network id and knows only Solana's public ones (mainnet, devnet, testnet); the devnet's id is its
 * own genesis hash. So it is handed the public devnet's id with our devnet's RPC URL: the id only
 * chooses the URL there, the payload is built from what our devnet answers, and the payment
 * (which x402Client stamps with the requirements it accepted) names our network.
 */
export function exactSvmClientAt(rpcUrl: string, signer: TransactionSigner): SchemeNetworkClient {
  const inner = new ExactSvmClient(signer, { rpcUrl })
  return {
    scheme: inner.scheme,
    createPaymentPayload: (version, requirements) =>
      inner.createPaymentPayload(version, { ...requirements, network: SOLANA_DEVNET_CAIP2 }),
  }
}
