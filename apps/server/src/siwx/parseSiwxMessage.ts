import { chainCores, chainNamespaces } from '@paylink/chains/core'
import type { SiwxNamespace } from '@paylink/shared'
import { parseSiweMessage } from 'viem/siwe'
import { SiwxError } from './errors.js'
import { parseTimestamp } from './parseTimestamp.js'

/** The fields of a sign-in message, as written in its text. */
export interface SiwxMessageFields {
  namespace: SiwxNamespace
  /** Optional EIP-4361 scheme before the domain (`https://example.com wants you...`). */
  scheme?: string
  domain: string
  address: string
  statement?: string
  uri: string
  version: '1'
  /** Always CAIP-2, also for eip155 (whose text carries the bare number). */
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export interface ParseSiwxMessageReturnType {
  fields: SiwxMessageFields
  times: { issuedAt: Date; expirationTime?: Date; notBefore?: Date }
}

const namespaceByKind = new Map(
  chainNamespaces.map((namespace) => [chainCores[namespace].signIn.accountName, namespace]),
)
const kinds = [...namespaceByKind.keys()].join('|')
const header = new RegExp(
  `^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+\\-.]*):\\/\\/)?(?<domain>\\S+) wants you to sign in with your (?<kind>${kinds}) account:$`,
)
// RFC 3986 authority: [userinfo@]host[:port], host = reg-name | IPv4 | [IPv6].
const authority =
  /^(?:[a-zA-Z0-9\-._~!$&'()*+,;=:%]*@)?(?:[a-zA-Z0-9\-._~!$&'()*+,;=%]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/
const uri = /^[a-zA-Z][a-zA-Z0-9+\-.]*:[^\s]*$/
const nonce = /^[a-zA-Z0-9]{8,}$/

/**
 * Parses sign-in text (CAIP-122; EIP-4361 for eip155) strictly: every line in its place, no
 * extra lines, RFC 3339 dates. For eip155 the result must also agree with viem's
 * parseSiweMessage, which verifySiweMessage uses, so both read the same message.
 * Throws SiwxError INVALID_MESSAGE, INVALID_TIMESTAMP or INVALID_ADDRESS.
 */
export function parseSiwxMessage(text: string): ParseSiwxMessageReturnType {
  if (text.includes('\r')) fail('lines must end with \\n only')
  const lines = text.split('\n')
  let i = 0
  const next = () => lines[i++]

  const head = header.exec(next() ?? '')
  if (!head?.groups) fail(`the first line must be "<domain> wants you to sign in with your <${kinds}> account:"`)
  const { scheme, domain, kind } = head.groups as { scheme?: string; domain: string; kind: string }
  if (!authority.test(domain)) fail(`the domain "${domain}" is not an RFC 3986 authority`)
  const namespace = namespaceByKind.get(kind)!

  const address = next() ?? ''
  checkAddress(namespace, address)
  if (next() !== '') fail('a blank line must follow the address')
  let statement: string | undefined
  const afterBlank = next()
  if (afterBlank === undefined) fail('the message ends after the address')
  if (afterBlank !== '') {
    statement = afterBlank
    if (next() !== '') fail('the statement must be one line followed by a blank line')
  }

  const field = (label: string, optional = false): string | undefined => {
    const line = lines[i]
    if (line?.startsWith(`${label}: `)) {
      i++
      const value = line.slice(label.length + 2)
      if (!value) fail(`"${label}" is empty`)
      return value
    }
    if (!optional) fail(`"${label}: " expected on line ${i + 1}`)
    return undefined
  }
  const uriValue = field('URI')!
  if (!uri.test(uriValue)) fail(`the URI "${uriValue}" is not an RFC 3986 URI`)
  const version = field('Version')
  if (version !== '1') fail('Version must be 1')
  const chainText = field('Chain ID')!
  const chainId = readChainId(namespace, chainText)
  const nonceValue = field('Nonce')!
  if (!nonce.test(nonceValue)) fail('the nonce must be at least 8 letters or digits')
  const issuedAt = field('Issued At')!
  const expirationTime = field('Expiration Time', true)
  const notBefore = field('Not Before', true)
  const requestId = field('Request ID', true)
  if (requestId !== undefined && /\s/.test(requestId)) fail('the request id must not contain spaces')
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    i++
    resources = []
    while (i < lines.length) {
      const line = lines[i++]!
      if (!line.startsWith('- ') || !uri.test(line.slice(2))) fail(`resource line "${line}" is not "- <RFC 3986 URI>"`)
      resources.push(line.slice(2))
    }
  }
  if (i !== lines.length) fail(`unexpected line ${i + 1}: "${lines[i]}"`)

  const times = {
    issuedAt: readTime('Issued At', issuedAt),
    ...(expirationTime !== undefined ? { expirationTime: readTime('Expiration Time', expirationTime) } : {}),
    ...(notBefore !== undefined ? { notBefore: readTime('Not Before', notBefore) } : {}),
  }
  const fields: SiwxMessageFields = {
    namespace,
    ...(scheme !== undefined ? { scheme } : {}),
    domain,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri: uriValue,
    version: '1',
    chainId,
    nonce: nonceValue,
    issuedAt,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
  // EIP-4361 is the EVM's sign-in text, and viem's verifier reads it: both must read the same message.
  if (namespace === chainCores.eip155.namespace) checkViemAgrees(text, fields, times)
  return { fields, times }
}

function fail(reason: string): never {
  throw new SiwxError(400, 'INVALID_MESSAGE', `The sign-in message is malformed: ${reason}.`)
}

function readTime(label: string, text: string): Date {
  const date = parseTimestamp(text)
  if (!date) throw new SiwxError(400, 'INVALID_TIMESTAMP', `"${label}" is not an RFC 3339 date-time: "${text}".`)
  return date
}

function readChainId(namespace: SiwxNamespace, text: string): string {
  const { readChainLine, chainLineRule } = chainCores[namespace].signIn
  return readChainLine(text) ?? fail(`Chain ID "${text}" ${chainLineRule}`)
}

function checkAddress(namespace: SiwxNamespace, address: string): void {
  if (!address) fail('the address line is empty')
  const problem = chainCores[namespace].signIn.addressProblem(address)
  if (problem) throw new SiwxError(400, 'INVALID_ADDRESS', `The address "${address}" ${problem}.`)
}

function checkViemAgrees(text: string, fields: SiwxMessageFields, times: ParseSiwxMessageReturnType['times']): void {
  // viem's regexes do not read every authority EIP-4361 allows (userinfo, IPv6): a field it
  // leaves out is not compared; a field it reads differently refuses the message. (Its
  // verifySiweMessage then refuses a message whose address it cannot read.)
  const viem = parseSiweMessage(text)
  const expected: Record<string, unknown> = {
    ...fields,
    chainId: Number(chainCores.eip155.signIn.chainLine(fields.chainId)),
    issuedAt: times.issuedAt.getTime(),
    expirationTime: times.expirationTime?.getTime(),
    notBefore: times.notBefore?.getTime(),
  }
  for (const [key, value] of Object.entries(viem)) {
    const read = value instanceof Date ? value.getTime() : value
    if (key === 'resources' || key === 'requestId') continue // viem reads these loosely (to the end of the text)
    if (JSON.stringify(read) !== JSON.stringify(expected[key]))
      fail(`it reads differently to an EIP-4361 parser (${key})`)
  }
}
