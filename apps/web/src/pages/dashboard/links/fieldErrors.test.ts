import { createLinkBodySchemaFor } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../../api/client.js'
import { fieldErrorsFromIssues, fieldErrorsFromServer } from './fieldErrors.js'

const assets = [
  { assetId: 'eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3', decimals: 6, symbol: 'TUSD' },
]

describe('fieldErrorsFromServer', () => {
  it('puts the server sentence on the field its path names', () => {
    const error = new ApiRequestError(
      'body.options[1].amount: TUSD has 6 decimal places; "1.0000001" has more',
      400,
      'INVALID_REQUEST',
    )
    expect(fieldErrorsFromServer(error)).toEqual({
      'options.1.amount': 'TUSD has 6 decimal places; "1.0000001" has more',
    })
    // The token supply refusal: read on chain, so only the server can say it.
    const supply = "is more TUSD than exists: at most 100,000 TUSD (the token's total supply)"
    expect(
      fieldErrorsFromServer(new ApiRequestError(`body.options[0].amount: ${supply}`, 400, 'INVALID_REQUEST')),
    ).toEqual({ 'options.0.amount': supply })
  })
  it('maps top-level fields and the UNSUPPORTED_ASSET code alike', () => {
    expect(
      fieldErrorsFromServer(
        new ApiRequestError('body.webhookUrl: must be an absolute http(s) URL', 400, 'INVALID_REQUEST'),
      ),
    ).toEqual({
      webhookUrl: 'must be an absolute http(s) URL',
    })
    expect(
      fieldErrorsFromServer(
        new ApiRequestError(
          'body.options[0].asset: payments on solana:x cannot be verified yet',
          400,
          'UNSUPPORTED_ASSET',
        ),
      ),
    ).toEqual({
      'options.0.asset': 'payments on solana:x cannot be verified yet',
    })
  })
  it('keeps anything without a field path (or not a 400) as a form error', () => {
    expect(fieldErrorsFromServer(new ApiRequestError('body: expected object', 400, 'INVALID_REQUEST'))).toEqual({
      '': 'body: expected object',
    })
    expect(fieldErrorsFromServer(new ApiRequestError('Sign in first.', 401, 'UNAUTHENTICATED'))).toEqual({
      '': 'Sign in first.',
    })
    expect(fieldErrorsFromServer(new TypeError('Failed to fetch'))).toEqual({ '': 'Failed to fetch' })
  })
})

describe('fieldErrorsFromIssues', () => {
  it('gives the same keys as the server for the shared schema, first problem per field', () => {
    const result = createLinkBodySchemaFor(assets).safeParse({
      title: '',
      options: [
        { asset: assets[0]!.assetId, amount: '10' },
        { asset: assets[0]!.assetId, amount: 'ten' },
      ],
    })
    expect(result.success).toBe(false)
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      title: 'is required',
      'options.1.amount': 'must be a decimal amount such as "12.5"',
      'options.1.asset': 'is offered twice',
    })
  })
})
