import { describe, expect, it } from 'vitest'
import { evmPaymentUri } from './evmPaymentUri.js'

const base = {
  caipNetworkId: 'eip155:31337',
  recipient: '0x1111111111111111111111111111111111111111',
  reference: null,
  decimals: 18,
  label: 'Tea',
  message: null,
}
const deposit = '0xd01168314e3ac0587652cc559fd7068a48703493'

describe('evmPaymentUri', () => {
  it('native: EIP-681 to the deposit address with the value in wei', () => {
    expect(
      evmPaymentUri({ ...base, tokenAddress: null, depositAddress: deposit, amount: 1_500_000_000_000_000_000n }),
    ).toBe('ethereum:0xd01168314e3ac0587652cC559Fd7068A48703493@31337?value=1500000000000000000')
  })
  it('ERC-20: EIP-681 transfer on the token to the deposit address, in atomic units', () => {
    expect(
      evmPaymentUri({
        ...base,
        tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        depositAddress: deposit,
        amount: 25_000_000n,
        decimals: 6,
      }),
    ).toBe(
      'ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31337/transfer?address=0xd01168314e3ac0587652cC559Fd7068A48703493&uint256=25000000',
    )
  })
  it('no deposit address: no URI (a payment nobody submits could not be attributed)', () => {
    expect(evmPaymentUri({ ...base, tokenAddress: null, depositAddress: null, amount: 1n })).toBeNull()
  })
})
