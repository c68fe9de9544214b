import { describe, expect, it } from 'vitest'
import {
  BaseError,
  ChainReadError,
  LimitError,
  LinkNotFoundError,
  NotFoundError,
  RequestValidationError,
} from './errors.js'

describe('the error tree', () => {
  it('carries code, shortMessage and details; the message joins them', () => {
    const error = new ChainReadError('eip155:1 did not answer', { details: 'ECONNREFUSED' })
    expect([error.code, error.shortMessage, error.details, error.name]).toEqual([
      'CHAIN_READ_FAILED',
      'eip155:1 did not answer',
      'ECONNREFUSED',
      'ChainReadError',
    ])
    expect(error.message).toBe('eip155:1 did not answer\n\nDetails: ECONNREFUSED')
  })

  it('LINK_NOT_FOUND has one wording, with "of yours" for a merchant', () => {
    expect([new LinkNotFoundError('lnk_a').code, new LinkNotFoundError('lnk_a').shortMessage]).toEqual([
      'LINK_NOT_FOUND',
      'No payment link lnk_a.',
    ])
    expect(new LinkNotFoundError('lnk_a', { ofMerchant: true }).shortMessage).toBe('No payment link lnk_a of yours.')
    expect(new LinkNotFoundError('lnk_a')).toBeInstanceOf(NotFoundError)
  })

  it('subclasses name their kind: a cap is a LimitError, a bad field an INVALID_REQUEST', () => {
    expect(new LimitError('TOO_MANY_API_KEYS', 'x')).toBeInstanceOf(BaseError)
    expect(new RequestValidationError('body.title: too long').code).toBe('INVALID_REQUEST')
    // The name (logs, the metrics' error kind) is the class's own; the root keeps its public name.
    expect([new LimitError('X', 'x').name, new LinkNotFoundError('lnk_a').name, new BaseError('x').name]).toEqual([
      'LimitError',
      'LinkNotFoundError',
      'PaylinkError',
    ])
  })

  it('walk() finds the first cause of a class, or the deepest cause without a test', () => {
    const root = new TypeError('fetch failed')
    const chain = new ChainReadError('no head', { cause: root })
    const top = new BaseError('sign-in failed', { code: 'X', cause: chain })
    expect(top.walk((e) => e instanceof ChainReadError)).toBe(chain)
    expect(top.walk((e) => e instanceof RangeError)).toBeNull()
    expect(top.walk()).toBe(root)
    expect(new BaseError('alone').walk()).toBeInstanceOf(BaseError)
  })
})
