import { describe, expect, it } from 'vitest'
import { createExecutionPermissions } from './executionPermissions.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const request = (expiry = Math.floor(Date.now() / 1000) + 60) => ({
  expiry,
  permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x0' } }],
})

describe('createExecutionPermissions', () => {
  it('grants a well-formed request with a context, and revokes exactly that grant once', () => {
    const permissions = createExecutionPermissions(
      () => '0x7a69',
      () => ACCOUNT,
    )
    const [granted] = permissions.grant([request()])
    expect(granted).toMatchObject({
      chainId: '0x7a69',
      address: ACCOUNT,
      context: expect.stringMatching(/^0x[0-9a-f]{8}$/),
    })
    expect(permissions.granted()).toEqual([granted])
    expect(permissions.revoke({ pci: granted!.context, permissions: [], expiry: 0, address: ACCOUNT })).toBeNull()
    expect(permissions.granted()).toEqual([])
    expect(() => permissions.revoke({ pci: granted!.context })).toThrow(
      `No permission was granted with context "${granted!.context}".`,
    )
  })

  it('refuses an expiry in the past and an empty permission list, naming the field', () => {
    const permissions = createExecutionPermissions(
      () => '0x7a69',
      () => ACCOUNT,
    )
    expect(() => permissions.grant({ ...request(), expiry: 1 })).toThrow(/request 0: expiry must be a future/)
    expect(() => permissions.grant({ ...request(), permissions: [] })).toThrow(/request 0: permissions must list/)
    expect(permissions.granted()).toEqual([])
  })
})
