// A tiny shop that sells one mug through Paylink's embedded checkout. Plain node:http, no
// framework: read it top to bottom. `npm start` (or `node server.mjs`) with the environment below;
// README.md walks through a run against the demo.
//
//   PAYLINK_URL       where Paylink runs (default http://localhost:3000); the shop's page loads /embed.js from it
//   PAYLINK_API_KEY   an API key of the merchant (dashboard → API keys)
//   PAYLINK_ASSET     what the mug is priced in (default eip155:31337/slip44:60, ETH on the demo's devnet)
//   PRICE             the price in that asset, a decimal string (default 0.01)
//   PRICE_LABEL       the price as the page shows it (default "0.01 ETH")
//   PAYLINK_RECIPIENT the wallet paid (default: the merchant's own account on that chain)
//   HOST, PORT        where the shop listens (default 127.0.0.1:4000; PORT=0 picks a free port)
//   SHOP_URL          the URL Paylink's webhooks reach the shop at (default this server's own)
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { randomUUID } from 'node:crypto'
import { createPaylinkClient, PaylinkApiError, PaylinkWebhookError, verifyWebhook } from '@paylink/sdk'

const paylinkUrl = (process.env.PAYLINK_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const apiKey = process.env.PAYLINK_API_KEY ?? ''
const asset = process.env.PAYLINK_ASSET ?? 'eip155:31337/slip44:60'
const price = process.env.PRICE ?? '0.01'
const priceLabel = process.env.PRICE_LABEL ?? `${price} ETH`
const recipient = process.env.PAYLINK_RECIPIENT
const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 4000)
if (!apiKey) {
  console.error('Set PAYLINK_API_KEY to an API key of your Paylink merchant (dashboard → API keys).')
  process.exit(1)
}

/**
 * The shop's orders, in memory: id → { id, status, linkId, webhookSecret }. A real shop keeps them
 * in its database; the webhook secret comes once, with the created link, and signs that link's
 * webhooks.
 */
const orders = new Map()
// The shop's order numbers restart with the process (they live in memory): this run's prefix keeps
// the idempotency keys of two runs apart.
const shopRun = randomUUID()
const paylink = createPaylinkClient({ baseUrl: paylinkUrl, apiKey })
const orderOfLink = new Map()
let shopUrl = process.env.SHOP_URL ?? ''

/**
 * Creates a Paylink link for the order with the SDK. The order id is the Idempotency-Key: if the
 * answer is lost and the SDK (or the shop, after a restart) asks again, Paylink gives back the same
 * link instead of making a second one for one order.
 */
async function createLink(order) {
  return paylink.links.create(
    {
      title: `Mug, order ${order.id}`,
      options: [{ asset, amount: price, ...(recipient ? { recipient } : {}) }],
      webhookUrl: `${shopUrl}/paylink/webhook`,
    },
    { idempotencyKey: `${shopRun}-${order.id}` },
  )
}

/** POST /paylink/webhook: a Standard Webhooks delivery, checked against the link's own secret before anything is believed. */
async function onWebhook(request, response) {
  const raw = await readBody(request)
  // Unverified, only to find whose secret to check with; nothing else is read before the check.
  let linkId
  try {
    linkId = JSON.parse(raw).data?.link?.id
  } catch {
    return send(response, 400, { error: 'not JSON' })
  }
  const order = orders.get(orderOfLink.get(linkId))
  if (!order) return send(response, 404, { error: 'no order for this link' })
  let event
  try {
    event = verifyWebhook(raw, request.headers, order.webhookSecret)
  } catch (error) {
    if (!(error instanceof PaylinkWebhookError)) throw error
    return send(response, 401, { error: 'bad signature' })
  }
  if (event.type === 'link.paid') order.status = 'paid'
  send(response, 200, { ok: true })
}

const routes = {
  'GET /': () => file('index.html', 'text/html; charset=utf-8'),
  'GET /shop.js': () => file('shop.js', 'text/javascript; charset=utf-8'),
  // The page asks where Paylink is (to load /embed.js from it).
  'GET /config': () => ({ json: { paylinkUrl, priceLabel } }),
  'POST /orders': async () => {
    const order = { id: `ord_${orders.size + 1}`, status: 'pending', linkId: null, webhookSecret: null }
    const link = await createLink(order)
    Object.assign(order, { linkId: link.id, webhookSecret: link.webhookSecret })
    orders.set(order.id, order)
    orderOfLink.set(link.id, order.id)
    return { status: 201, json: { id: order.id, status: order.status, linkId: order.linkId } }
  },
}

const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://shop').pathname
  try {
    if (request.method === 'POST' && path === '/paylink/webhook') return await onWebhook(request, response)
    const order = /^\/orders\/(ord_\d+)$/.exec(path)
    if (request.method === 'GET' && order) {
      const found = orders.get(order[1])
      return found ? send(response, 200, { id: found.id, status: found.status }) : send(response, 404, {})
    }
    const route = routes[`${request.method} ${path}`]
    if (!route) return send(response, 404, { error: 'not found' })
    const answer = await route()
    if (answer.body !== undefined)
      return response.writeHead(200, { 'content-type': answer.type, 'cache-control': 'no-cache' }).end(answer.body)
    send(response, answer.status ?? 200, answer.json)
  } catch (error) {
    console.error(error)
    // The API's own words (e.g. a refused link) reach the page; anything else is a plain 502.
    send(response, 502, {
      error: error instanceof PaylinkApiError ? `Paylink refused: ${error.message}` : error.message,
    })
  }
})

async function file(name, type) {
  return { body: await readFile(new URL(`./public/${name}`, import.meta.url)), type }
}

function send(response, status, json) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

server.listen(port, host, () => {
  const address = server.address()
  const origin = `http://${host}:${address.port}`
  shopUrl ||= origin
  console.log(`The shop is running at ${origin} (Paylink at ${paylinkUrl})`)
})
