import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'

/** One end of a relay connection: a Node socket or a socket the test browser opened. */
export interface RelayPeer {
  send(data: string): void
}

interface RelayRequest {
  id: number
  jsonrpc: '2.0'
  method?: string
  params?: Record<string, unknown>
}

/** What the relay keeps and delivers for one published message. */
interface Envelope {
  message: string
  tag: number
  publishedAt: number
  attestation?: string
}

export interface RelayStandIn {
  /** ws:// URL on loopback for Node clients (the sign-client wallet). */
  url: string
  /** Feeds one message from `peer` (a browser socket routed by Playwright) to the relay. */
  receive(peer: RelayPeer, raw: string): void
  /** Forgets a peer whose socket closed. */
  drop(peer: RelayPeer): void
  /** Every method clients sent, in order. */
  methods: string[]
  close(): Promise<void>
}

/**
 * STAND-IN for the WalletConnect relay (relay.walletconnect.org), written from the relay's JSON-RPC
 * as the 2.21 clients use it: irn_subscribe / irn_batchSubscribe / irn_unsubscribe, irn_publish
 * (delivered to every other subscriber of the topic as irn_subscription with the sender's
 * Verify attestation, and kept for a later subscriber, as the relay's mailbox does), irn_batchFetchMessages. It relays opaque, already
 * encrypted envelopes; it authenticates nobody and forgets everything when closed.
 */
export async function startRelayStandIn(): Promise<RelayStandIn> {
  const subscribers = new Map<string, Set<RelayPeer>>()
  const mailbox = new Map<string, Envelope[]>()
  const methods: string[] = []
  let next = 1

  const subscribe = (peer: RelayPeer, topic: string) => {
    if (!subscribers.has(topic)) subscribers.set(topic, new Set())
    subscribers.get(topic)!.add(peer)
    for (const stored of mailbox.get(topic) ?? []) deliver(peer, topic, stored)
    return `stand-in-subscription-${next++}`
  }
  function deliver(peer: RelayPeer, topic: string, data: Envelope) {
    const id = Date.now() * 1000 + (next++ % 1000)
    peer.send(
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: `stand-in-subscription-${next++}`, data: { topic, ...data } },
      }),
    )
  }

  function receive(peer: RelayPeer, raw: string) {
    const request = JSON.parse(raw) as RelayRequest
    if (!request.method) return // a client's answer to irn_subscription
    methods.push(request.method)
    const params = request.params ?? {}
    const reply = (result: unknown) => peer.send(JSON.stringify({ id: request.id, jsonrpc: '2.0', result }))
    switch (request.method) {
      case 'irn_subscribe':
        return reply(subscribe(peer, params.topic as string))
      case 'irn_batchSubscribe':
        return reply((params.topics as string[]).map((topic) => subscribe(peer, topic)))
      case 'irn_unsubscribe':
        subscribers.get(params.topic as string)?.delete(peer)
        return reply(true)
      case 'irn_batchFetchMessages':
        return reply({ messages: [], hasMore: false })
      case 'irn_publish': {
        const topic = params.topic as string
        // The sender's Verify attestation travels with the message, as the relay passes it on.
        const attestation = typeof params.attestation === 'string' ? { attestation: params.attestation } : {}
        const data: Envelope = {
          message: params.message as string,
          tag: params.tag as number,
          publishedAt: Date.now(),
          ...attestation,
        }
        if (!mailbox.has(topic)) mailbox.set(topic, [])
        mailbox.get(topic)!.push(data)
        for (const other of subscribers.get(topic) ?? []) if (other !== peer) deliver(other, topic, data)
        return reply(true)
      }
      default:
        return peer.send(
          JSON.stringify({
            id: request.id,
            jsonrpc: '2.0',
            error: { code: -32601, message: `The relay stand-in does not know ${request.method}` },
          }),
        )
    }
  }
  const drop = (peer: RelayPeer) => subscribers.forEach((set) => set.delete(peer))

  const server = new WebSocket.Server({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  server.on('connection', (socket) => {
    const peer: RelayPeer = { send: (data) => socket.send(data) }
    socket.on('message', (data) => receive(peer, String(data)))
    socket.on('close', () => drop(peer))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    receive,
    drop,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}
