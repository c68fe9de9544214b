import { describe, expect, it } from 'vitest'
import { englishText } from '../../../i18n/testing/englishText.js'
import { checkRefundAddress as check } from './checkRefundAddress.js'

/** The check with its problem as the English page says it. */
const checkRefundAddress = (text: string, network: string) => {
  const checked = check(text, network)
  return checked.ok
    ? checked
    : { ok: false, problem: englishText(checked.problem.id, 'values' in checked.problem ? checked.problem.values : {}) }
}

const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const mainnet = 'bip122:000000000019d6689c085ae165831e93'

/** What the check answers to an address it takes, and to one it refuses. */
const taken = (address: string) => ({ ok: true, address })
const refused = (problem: string) => ({ ok: false, problem })

describe('checkRefundAddress', () => {
  it('takes a bech32 address of the network, lowercased as it is signed and stored', () => {
    expect(checkRefundAddress(' BCRT1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KYGT080 ', regtest)).toEqual(
      taken('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'),
    )
    const mainnetAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    expect(checkRefundAddress(mainnetAddress, mainnet)).toEqual(taken(mainnetAddress))
    const taproot = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'
    expect(checkRefundAddress(taproot, regtest)).toEqual(taken(taproot))
  })

  it("refuses another network's address, a legacy address, a typo and nothing, saying which", () => {
    expect(checkRefundAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', regtest)).toEqual(
      refused('Enter an address of this network: it starts with bcrt1.'),
    )
    expect(checkRefundAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', mainnet)).toEqual(
      refused('Enter an address of this network: it starts with bc1.'),
    )
    expect(checkRefundAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', regtest)).toMatchObject({ ok: false })
    expect(checkRefundAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt08b', regtest)).toEqual(
      refused('This is not a Bitcoin address: check for a typo.'),
    )
    expect(checkRefundAddress('  ', regtest)).toEqual(refused('Enter the Bitcoin address to refund to.'))
  })
})
