import {
  apiErrorSchema,
  meSchema,
  siwxNonceResponseSchema,
  siwxSessionSchema,
  siwxSessionsQuerySchema,
  siwxSessionsResponseSchema,
  siwxSetSessionsBodySchema,
  siwxSignInResponseSchema,
  type Me,
} from '@paylink/shared'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/openDatabase.js'
import { defineRoute } from '../http/defineRoute.js'
import type { RateLimit } from '../http/routeRegistry.js'
import { createNonce } from './createNonce.js'
import { SiwxError } from './errors.js'
import { readSession, sameAccount, type SessionAccount } from './readSession.js'
import { removeSessionAccount } from './removeSessionAccount.js'
import { requireSession } from './requireSession.js'
import { revokeSession } from './revokeSession.js'
import { sessionCookieName } from './sessionToken.js'
import { signIn } from './signIn.js'

export interface SiwxRoutesOptions {
  db: Db
  /** The origin the app is served at, or all of them (canonical first). */
  publicOrigin: string | readonly string[]
  statement: string
  sessionTtlSeconds: number
  /** CAIP-2 id -> JSON-RPC URL of every configured network. */
  rpcUrls: ReadonlyMap<string, string>
  nonceRateLimit: RateLimit
  signInRateLimit: RateLimit
}

/** A signed sign-in message is ~1 KiB; 16 KiB leaves room for long smart-account signatures. */
export const signInBodyLimit = 16 * 1024

const error = (description: string) => ({ description, schema: apiErrorSchema })

export const siwxRoutes: FastifyPluginAsync<SiwxRoutesOptions> = async (app, options) => {
  const { db, publicOrigin } = options
  const origins = (typeof publicOrigin === 'string' ? [publicOrigin] : publicOrigin).map((o) => new URL(o))
  const origin = origins[0]!
  /** The allowed origin the request came in on (its Host), else the canonical one. */
  const originOf = (request: FastifyRequest) =>
    origins.find((o) => o.origin === `${request.protocol}://${request.host}`) ?? origin
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: origin.protocol === 'https:' } as const

  const setCookie = (reply: FastifyReply, token: string, expires: Date) =>
    reply.setCookie(sessionCookieName, token, { ...cookieOptions, expires })
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(sessionCookieName, cookieOptions)
  const toMe = (session: {
    accounts: ReadonlyArray<Pick<SessionAccount, 'caipNetworkId' | 'address' | 'namespace'>>
    expiresAt: Date
  }): Me => ({
    accounts: session.accounts.map(({ caipNetworkId, address, namespace }) => ({ caipNetworkId, address, namespace })),
    expiresAt: session.expiresAt.toISOString(),
  })

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/siwx/nonce',
      operationId: 'createSiwxNonce',
      summary: 'A single-use sign-in nonce (valid 10 minutes)',
      description: 'Also returns what the message must carry: statement, domain and uri.',
      tags: ['siwx'],
      rateLimit: options.nonceRateLimit,
      responses: {
        200: { description: 'A fresh nonce', schema: siwxNonceResponseSchema },
        429: error('Too many nonces'),
      },
    },
    async ({ request, reply }) => {
      const { nonce, expiresAt } = await createNonce(db)
      const here = originOf(request)
      reply.header('cache-control', 'no-store')
      return {
        nonce,
        expiresAt: expiresAt.toISOString(),
        statement: options.statement,
        domain: here.host,
        uri: here.origin,
        sessionTtlSeconds: options.sessionTtlSeconds,
      }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/siwx/sessions',
      operationId: 'createSiwxSession',
      summary: 'Sign in: verify a signed message and open (or extend) the session',
      description:
        'Body: AppKit SIWXSession. Sets the paylink_session cookie, always a new one (the old session, if any, is revoked and its accounts of other namespaces move over).',
      tags: ['siwx'],
      body: siwxSessionSchema,
      bodyLimit: signInBodyLimit,
      rateLimit: options.signInRateLimit,
      responses: {
        201: { description: 'Signed in', schema: siwxSignInResponseSchema },
        401: error(
          'A check failed: NONCE_*, DOMAIN_MISMATCH, URI_MISMATCH, STATEMENT_MISMATCH, ISSUED_IN_FUTURE, MESSAGE_EXPIRED, MESSAGE_NOT_YET_VALID, INVALID_SIGNATURE',
        ),
        403: error('BAD_ORIGIN'),
        413: error('Body over 16 KiB'),
        429: error('Too many sign-ins'),
        503: error('CHAIN_UNAVAILABLE: the network could not be asked'),
      },
    },
    async ({ body, request, reply }) => {
      const result = await signIn({
        db,
        session: body,
        currentToken: request.cookies[sessionCookieName],
        publicOrigin,
        statement: options.statement,
        sessionTtlSeconds: options.sessionTtlSeconds,
        rpcUrls: options.rpcUrls,
      })
      setCookie(reply, result.token, result.expiresAt)
      return reply.code(201).send({ session: toMe(result) })
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/siwx/sessions',
      operationId: 'listSiwxSessions',
      summary: "AppKit getSessions: this session's live account for chainId + address ([] when none)",
      tags: ['siwx'],
      querystring: siwxSessionsQuerySchema,
      responses: { 200: { description: 'Matching sessions', schema: siwxSessionsResponseSchema } },
    },
    async ({ query, request, reply }) => {
      reply.header('cache-control', 'no-store')
      const session = await readSession(db, request.cookies[sessionCookieName])
      return (session?.accounts ?? [])
        .filter((a) => sameAccount(a, query.chainId, query.address))
        .map(({ data, message, signature }) => ({ data, message, signature }))
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/siwx/sessions',
      operationId: 'revokeSiwxSession',
      summary: 'AppKit revokeSession: drop one account; the session ends with its last account',
      tags: ['siwx'],
      querystring: siwxSessionsQuerySchema,
      responses: { 204: { description: 'Removed (or was not there)' }, 403: error('BAD_ORIGIN') },
    },
    async ({ query, request, reply }) => {
      const session = await readSession(db, request.cookies[sessionCookieName])
      if (session) {
        const { revoked } = await removeSessionAccount(db, session, query.chainId, query.address)
        if (revoked) clearCookie(reply)
      }
      return reply.code(204).send()
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/siwx/sessions',
      operationId: 'setSiwxSessions',
      summary: 'AppKit setSessions: only [] (sign out) is accepted',
      description: 'The server never stores sessions it did not verify; a non-empty array is refused.',
      tags: ['siwx'],
      body: siwxSetSessionsBodySchema,
      responses: { 204: { description: 'Signed out' }, 400: error('SESSIONS_NOT_ACCEPTED'), 403: error('BAD_ORIGIN') },
    },
    async ({ body, request, reply }) => {
      if (body.length > 0) {
        throw new SiwxError(
          400,
          'SESSIONS_NOT_ACCEPTED',
          'Sessions are only created by POST /api/siwx/sessions; PUT accepts [] to sign out.',
        )
      }
      const session = await readSession(db, request.cookies[sessionCookieName])
      if (session) await revokeSession(db, session.id)
      clearCookie(reply)
      return reply.code(204).send()
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/me',
      operationId: 'getMe',
      summary: 'The signed-in accounts',
      tags: ['siwx'],
      responses: { 200: { description: 'Signed in', schema: meSchema }, 401: error('UNAUTHENTICATED') },
    },
    async ({ request, reply }) => {
      reply.header('cache-control', 'no-store')
      return toMe(await requireSession(db, request.cookies[sessionCookieName]))
    },
  )
}
