import { describe, expect, it } from 'vitest'
import {
  ChainReadError,
  ConflictError,
  ForbiddenError,
  LimitError,
  LinkNotFoundError,
  NotFoundError,
  RateLimitedError,
  RequestValidationError,
  SiwxError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
  ValidationError,
} from '../errors.js'
import { statusOf } from './errorHandling.js'

describe('statusOf: the one map from the error tree to HTTP', () => {
  it.each([
    ['ValidationError', new ValidationError('UNSUPPORTED_ASSET', 'x'), 400],
    ['RequestValidationError', new RequestValidationError('body.title: x'), 400],
    ['UnauthenticatedError', new UnauthenticatedError('INVALID_API_KEY', 'x'), 401],
    ['ForbiddenError', new ForbiddenError('NOT_A_MERCHANT', 'x'), 403],
    ['NotFoundError', new NotFoundError('API_KEY_NOT_FOUND', 'x'), 404],
    ['LinkNotFoundError', new LinkNotFoundError('lnk_a'), 404],
    ['ConflictError', new ConflictError('NO_WEBHOOK_URL', 'x'), 409],
    ['LimitError', new LimitError('TOO_MANY_OPEN_LINKS', 'x'), 409],
    ['RateLimitedError', new RateLimitedError('x'), 429],
    ['UpstreamError', new UpstreamError('UPSTREAM_UNAVAILABLE', 'x'), 502],
    ['UnavailableError', new UnavailableError('CHAIN_UNAVAILABLE', 'x'), 503],
    ['SiwxError 400', new SiwxError(400, 'INVALID_MESSAGE', 'x'), 400],
    ['SiwxError 401', new SiwxError(401, 'NONCE_USED', 'x'), 401],
    ['SiwxError 403', new SiwxError(403, 'BAD_ORIGIN', 'x'), 403],
  ])('%s -> %i', (_name, error, status) => {
    expect(statusOf(error)).toBe(status)
  })

  it('a fault that is no refusal (a chain read, a bug) has no status of its own: 500', () => {
    expect(statusOf(new ChainReadError('down'))).toBeNull()
    expect(statusOf(new Error('bug'))).toBeNull()
  })
})
