import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseCaipAssetId } from '@paylink/shared'
import { base58 } from '@scure/base'
import { parseURL, type TransferRequestURL } from '@solana/pay'
import { describe, expect, it } from 'vitest'
import { chainCoreOf } from '@paylink/chains/core'
import { chainFamilyOf } from '@paylink/chains/server'
import { loadConfig } from './config.js'
import { ConfigError } from './errors.js'
import { baseNetworkEntry } from './testing/configFixtures.js'
import { useTempDir } from './testing/tempDir.js'
import { generateSolanaKeypair } from './x402/demoGasKey.js'

const dir = useTempDir('paylink-config-')
const base = baseNetworkEntry
const usdc = {
  assetId: 'eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  caipNetworkId: 'eip155:8453',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  native: false,
}

let files = 0
function configFile(content: unknown): string {
  const path = join(dir, `config-${files++}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

/** The first JSON block after `heading` in a README of this repository, as written there. */
function readmeExample(readme: string, heading: string): string {
  const text = readFileSync(resolve(import.meta.dirname, '../../..', readme), 'utf8')
  const at = text.indexOf(heading)
  if (at < 0) throw new Error(`${readme} has no "${heading}"`)
  const block = /```json\n([\s\S]*?)\n```/.exec(text.slice(at))
  if (!block) throw new Error(`${readme} has no JSON block after "${heading}"`)
  return block[1]!
}

function expectConfigError(env: Record<string, string>, message: RegExp | string) {
  let error: unknown
  try {
    loadConfig(env, dir)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(ConfigError)
  expect((error as Error).message).toMatch(message)
}

describe('loadConfig', () => {
  it('has defaults that run the demo on PGlite', () => {
    const config = loadConfig({}, '/srv/paylink')
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:3000',
      databaseUrl: null,
      dataDir: '/srv/paylink/.data',
      pgliteDir: '/srv/paylink/.data/pglite',
      projectId: null,
      logLevel: 'info',
      devnet: true,
      networks: [],
      assets: [],
      configFile: null,
      siwxSessionTtlSeconds: 86_400,
      siwxStatement: 'Sign in to Paylink',
    })
    expect(config.webDist).toBe(resolve(import.meta.dirname, '../../web/dist'))
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_ORIGIN: 'https://pay.example.com/',
        DATABASE_URL: 'postgres://paylink:secret@db:5432/paylink',
        DATA_DIR: 'state',
        REOWN_PROJECT_ID: '0123456789abcdef0123456789ABCDEF',
        LOG_LEVEL: 'debug',
        WEB_DIST: 'web',
        PAYLINK_DEVNET: '0',
        SIWX_SESSION_TTL_SECONDS: '3600',
        SIWX_STATEMENT: ' Sign in to Example Pay ',
      },
      '/srv',
    )
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicOrigin: 'https://pay.example.com',
      databaseUrl: 'postgres://paylink:secret@db:5432/paylink',
      dataDir: '/srv/state',
      projectId: '0123456789abcdef0123456789ABCDEF',
      logLevel: 'debug',
      webDist: '/srv/web',
      devnet: false,
      siwxSessionTtlSeconds: 3600,
      siwxStatement: 'Sign in to Example Pay',
    })
  })

  it('derives PUBLIC_ORIGIN from PORT and treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '4000', DATABASE_URL: '', REOWN_PROJECT_ID: ' ' }, dir)).toMatchObject({
      publicOrigin: 'http://localhost:4000',
      databaseUrl: null,
      projectId: null,
    })
  })

  it('the demo accepts localhost and 127.0.0.1 on its port, the first canonical', () => {
    expect(loadConfig({ PORT: '4000' }, dir)).toMatchObject({
      publicOrigin: 'http://localhost:4000',
      publicOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'],
    })
  })

  it("with HOST on every interface, the machine's own addresses are accepted too", () => {
    const addresses = () => ['192.168.1.20', '2001:db8::5']
    expect(loadConfig({ HOST: '0.0.0.0' }, dir, addresses).publicOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
      'http://[2001:db8::5]:3000',
    ])
    expect(loadConfig({ HOST: '192.168.1.20' }, dir, () => []).publicOrigins).toContain('http://192.168.1.20:3000')
    // Loopback only: nothing else is asked for.
    expect(
      loadConfig({}, dir, () => {
        throw new Error('not called')
      }).publicOrigins,
    ).toHaveLength(2)
  })

  it('PUBLIC_ORIGIN lists several origins, comma-separated; the first is canonical', () => {
    const config = loadConfig(
      { PUBLIC_ORIGIN: ' https://pay.example.com/, http://10.0.0.2:3000 ,https://pay.example.com' },
      dir,
    )
    expect(config.publicOrigin).toBe('https://pay.example.com')
    expect(config.publicOrigins).toEqual(['https://pay.example.com', 'http://10.0.0.2:3000'])
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 1 to 65535 (got "abc")'],
    [{ PORT: '0' }, /^PORT must be/],
    [{ PORT: '70000' }, /^PORT must be/],
    [{ PORT: '80.5' }, /^PORT must be/],
    [{ PUBLIC_ORIGIN: 'localhost:3000' }, /^PUBLIC_ORIGIN must be/],
    [{ PUBLIC_ORIGIN: 'ftp://example.com' }, /^PUBLIC_ORIGIN must be/],
    [{ PUBLIC_ORIGIN: 'https://example.com/pay' }, /^PUBLIC_ORIGIN must be .*without a path/],
    [
      { PUBLIC_ORIGIN: 'https://example.com,example.org' },
      'PUBLIC_ORIGIN must be an http(s) origin such as https://pay.example.com (got "example.org")',
    ],
    [{ PUBLIC_ORIGIN: ' , ' }, /^PUBLIC_ORIGIN must be/],
    [{ DATABASE_URL: 'mysql://root:hunter2@db/x' }, /^DATABASE_URL must be a postgres:\/\/ URL/],
    [{ REOWN_PROJECT_ID: 'not-a-project' }, /^REOWN_PROJECT_ID must be 32 hexadecimal/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ PAYLINK_DEVNET: 'yes' }, /^PAYLINK_DEVNET must be 0 or 1/],
    [{ SIWX_SESSION_TTL_SECONDS: '1d' }, /^SIWX_SESSION_TTL_SECONDS must be an integer from 60 to 31536000/],
    [{ SIWX_SESSION_TTL_SECONDS: '59' }, /^SIWX_SESSION_TTL_SECONDS must be/],
    [{ SIWX_SESSION_TTL_SECONDS: '99999999' }, /^SIWX_SESSION_TTL_SECONDS must be/],
    [{ SIWX_STATEMENT: 'Sign in\nand pay' }, /^SIWX_STATEMENT must be one line/],
    [{ SIWX_STATEMENT: 'x'.repeat(201) }, /^SIWX_STATEMENT must be one line/],
    [{ PAYLINK_CONFIG: 'missing.json' }, /^PAYLINK_CONFIG names a file that cannot be read/],
  ])('refuses %j, naming the variable', (env, message) => {
    expectConfigError(env, message)
  })

  it('keeps a database password out of the error message', () => {
    expectConfigError({ DATABASE_URL: 'mysql://root:hunter2@db/x' }, /root:\*\*\*@db/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/)
  })

  it('reads networks and assets from the PAYLINK_CONFIG file; devnet then defaults off', () => {
    const config = loadConfig({ PAYLINK_CONFIG: configFile({ networks: [base], assets: [usdc] }) }, dir)
    expect(config.networks).toEqual([base])
    expect(config.assets).toEqual([usdc])
    expect(config.devnet).toBe(false)
    expect(config.configFile).toMatch(/config-\d+\.json$/)
  })

  it("loads the README's Sepolia and Solana Devnet example as written", () => {
    const config = loadConfig(
      { PAYLINK_CONFIG: configFile(readmeExample('README.md', 'Example `paylink.config.json`')) },
      dir,
    )
    expect(config.networks.map((n) => n.caipNetworkId)).toEqual([
      'eip155:11155111',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    ])
    expect(config.assets.map((a) => a.assetId)).toEqual([
      'eip155:11155111/slip44:60',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501',
    ])
  })

  it('loads the Solana mainnet-beta example of apps/server/README.md (SOL and USDC) and prices a Solana Pay request in USDC on it', async () => {
    const config = loadConfig(
      {
        PAYLINK_CONFIG: configFile(
          readmeExample('apps/server/README.md', '### Solana (`packages/chains/src/solana/server/`)'),
        ),
      },
      dir,
    )
    const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect(config.networks).toEqual([
      expect.objectContaining({
        caipNetworkId: mainnet,
        rpcUrl: 'https://api.mainnet-beta.solana.com',
        testnet: false,
        confirmations: 1,
      }),
    ])
    const usdcMint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    expect(config.assets).toEqual([
      expect.objectContaining({ assetId: `${mainnet}/slip44:501`, symbol: 'SOL', decimals: 9, native: true }),
      expect.objectContaining({ assetId: `${mainnet}/token:${usdcMint}`, symbol: 'USDC', decimals: 6, native: false }),
    ])
    // The asset as configured becomes a link option the Solana family accepts, and its URI a
    // transfer request @solana/pay reads back with the USDC mint and the price in user units.
    const usdc = config.assets[1]!
    const family = chainFamilyOf(usdc.caipNetworkId)!
    const recipient = base58.encode(new Uint8Array(32).fill(7))
    const prepared = await family.prepareOption!(
      {
        caipNetworkId: mainnet,
        network: config.networks[0],
        tokenReference: parseCaipAssetId(usdc.assetId).assetReference,
        recipient,
        merchant: { id: 'merchant', namespace: 'eip155', address: '0x0000000000000000000000000000000000000001' },
        optionId: 'option',
        savedKey: null,
        allocateIndex: async () => 0,
      },
      'options[0]',
    )
    expect(prepared).toMatchObject({ recipient, tokenAddress: usdcMint })
    const uri = chainCoreOf(usdc.caipNetworkId)!.paymentUri!({
      caipNetworkId: mainnet,
      ...prepared,
      amount: 12_500_000n,
      decimals: usdc.decimals,
      label: 'Coffee',
      message: null,
    })!
    const request = parseURL(uri) as TransferRequestURL
    expect(request.splToken?.toBase58()).toBe(usdcMint)
    expect(request.amount?.toFixed()).toBe('12.5')
    expect(request.recipient.toBase58()).toBe(recipient)
  })

  it('lets the file and PAYLINK_DEVNET turn the devnet on or off', () => {
    expect(loadConfig({ PAYLINK_CONFIG: configFile({ devnet: true, networks: [base] }) }, dir).devnet).toBe(true)
    expect(loadConfig({ PAYLINK_CONFIG: configFile({ devnet: false }) }, dir).devnet).toBe(false)
    const path = configFile({ devnet: false })
    expect(loadConfig({ PAYLINK_CONFIG: path, PAYLINK_DEVNET: '1' }, dir).devnet).toBe(true)
    expect(loadConfig({ PAYLINK_DEVNET: '0' }, dir).devnet).toBe(false)
  })

  it('validates the file, naming the file and the field', () => {
    expectConfigError({ PAYLINK_CONFIG: configFile('{ nope') }, /^PAYLINK_CONFIG file .* is not valid JSON/)
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [{ ...base, rpcUrl: 'not a url' }] }) },
      /^PAYLINK_CONFIG file .*: networks\[0\]\.rpcUrl: /,
    )
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [{ ...base, caipNetworkId: 'base' }] }) },
      /networks\[0\]\.caipNetworkId: must be a CAIP-2 chain id/,
    )
    expectConfigError({ PAYLINK_CONFIG: configFile({ netwroks: [] }) }, /netwroks/)
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [base, base] }) },
      /networks\[1\]\.caipNetworkId: .* configured twice/,
    )
  })

  it('a Bitcoin network counts at 2 confirmations when its entry names none; a number given is kept; other families must give one', () => {
    const { confirmations: _, ...baseWithout } = base
    const bitcoin = {
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      name: 'Bitcoin',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrl: 'https://mempool.example.com/api',
      blockExplorerUrl: 'https://mempool.example.com',
      testnet: false,
    }
    const testnet = {
      ...bitcoin,
      caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
      name: 'Bitcoin testnet',
      testnet: true,
      confirmations: 1,
    }
    const config = loadConfig({ PAYLINK_CONFIG: configFile({ networks: [bitcoin, testnet, base] }) }, dir)
    expect(config.networks.map((n) => [n.caipNetworkId, n.confirmations])).toEqual([
      [bitcoin.caipNetworkId, 2],
      [testnet.caipNetworkId, 1],
      [base.caipNetworkId, 3],
    ])
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [baseWithout] }) },
      /networks\[0\]\.confirmations: required \(only Bitcoin networks, bip122:, default to 2\)/,
    )
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [{ ...bitcoin, confirmations: -1 }] }) },
      /networks\[0\]\.confirmations: /,
    )
  })

  it('refuses an asset that names a network that is not configured', () => {
    expectConfigError(
      {
        PAYLINK_CONFIG: configFile({
          networks: [base],
          assets: [{ ...usdc, caipNetworkId: 'eip155:1', assetId: 'eip155:1/erc20:0xA0b8' }],
        }),
      },
      /assets\[0\]\.caipNetworkId: "eip155:1" is not a configured network/,
    )
    expectConfigError(
      { PAYLINK_CONFIG: configFile({ networks: [base], assets: [{ ...usdc, assetId: 'eip155:1/erc20:0xA0b8' }] }) },
      /assets\[0\]\.assetId: .* is not on network "eip155:8453"/,
    )
  })
})

describe('hardening settings', () => {
  it('MERCHANTS: unset is an open instance; CAIP-10 or plain addresses become checksummed merchant ids', () => {
    expect(loadConfig({}, dir).merchants).toBeNull()
    const merchants = loadConfig(
      {
        MERCHANTS:
          ' 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266 , eip155:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8,eip155:1:0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266, solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      },
      dir,
    ).merchants
    expect(merchants).toEqual([
      'eip155:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'eip155:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'solana:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    ])
    expectConfigError({ MERCHANTS: '0x1234' }, /MERCHANTS: "0x1234" is not an EVM address/)
    expectConfigError({ MERCHANTS: 'eip155:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }, /MERCHANTS must list CAIP-10/)
    expectConfigError({ MERCHANTS: ' , ' }, /lists no account/)
  })

  it('webhook allow flags default on with the devnet demo only; limits have defaults and bounds', () => {
    expect(loadConfig({}, dir)).toMatchObject({
      devnet: true,
      webhookAllowHttp: true,
      webhookAllowPrivateAddresses: true,
    })
    expect(loadConfig({ PAYLINK_DEVNET: '0' }, dir)).toMatchObject({
      webhookAllowHttp: false,
      webhookAllowPrivateAddresses: false,
    })
    expect(loadConfig({ PAYLINK_DEVNET: '0', WEBHOOK_ALLOW_HTTP: '1' }, dir)).toMatchObject({
      webhookAllowHttp: true,
      webhookAllowPrivateAddresses: false,
    })
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '0' }, dir)).toMatchObject({
      webhookAllowHttp: true,
      webhookAllowPrivateAddresses: false,
    })
    expectConfigError({ WEBHOOK_ALLOW_HTTP: 'yes' }, 'WEBHOOK_ALLOW_HTTP must be 0 or 1 (got "yes")')
    expect(loadConfig({}, dir)).toMatchObject({ maxOpenLinksPerMerchant: 1000, maxApiKeysPerMerchant: 20 })
    expect(loadConfig({ MAX_OPEN_LINKS_PER_MERCHANT: '5', MAX_API_KEYS_PER_MERCHANT: '2' }, dir)).toMatchObject({
      maxOpenLinksPerMerchant: 5,
      maxApiKeysPerMerchant: 2,
    })
    expectConfigError({ MAX_API_KEYS_PER_MERCHANT: '0' }, /MAX_API_KEYS_PER_MERCHANT must be an integer from 1/)
  })

  it('X402_SOLANA_SECRET_KEY: a 64-byte keypair as solana-keygen writes it (JSON) or in base58, checked and never echoed', () => {
    const keypair = generateSolanaKeypair()
    expect(loadConfig({}, dir).x402SolanaSecretKey).toBeNull()
    expect(loadConfig({ X402_SOLANA_SECRET_KEY: JSON.stringify([...keypair]) }, dir).x402SolanaSecretKey).toEqual(
      keypair,
    )
    expect(loadConfig({ X402_SOLANA_SECRET_KEY: base58.encode(keypair) }, dir).x402SolanaSecretKey).toEqual(keypair)
    // Another key's public half: a keypair that does not belong together.
    const mismatched = base58.encode(
      Uint8Array.from([...keypair.subarray(0, 32), ...generateSolanaKeypair().subarray(32)]),
    )
    expectConfigError({ X402_SOLANA_SECRET_KEY: mismatched }, /X402_SOLANA_SECRET_KEY.*not the public key/)
    expect(() => loadConfig({ X402_SOLANA_SECRET_KEY: mismatched }, dir)).not.toThrow(mismatched)
    expectConfigError({ X402_SOLANA_SECRET_KEY: '[1,2,3]' }, /X402_SOLANA_SECRET_KEY.*64-byte keypair/)
    expectConfigError({ X402_SOLANA_SECRET_KEY: base58.encode(keypair.subarray(0, 32)) }, /64-byte keypair/)
    expectConfigError({ X402_SOLANA_SECRET_KEY: 'not base58 0OIl' }, /64-byte keypair/)
    expectConfigError(
      { X402_SOLANA_SECRET_KEY: base58.encode(keypair), PAYLINK_DEVNET: '0' },
      /X402_SOLANA_SECRET_KEY needs X402_EVM_PRIVATE_KEY/,
    )
  })

  it('X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA: 0.01 of the coin by default, a decimal amount in the coin otherwise', () => {
    expect(loadConfig({}, dir).x402LowGas).toEqual({ evmWei: 10n ** 16n, solanaLamports: 10n ** 7n })
    expect(loadConfig({ X402_LOW_GAS_EVM: '0.5', X402_LOW_GAS_SOLANA: '2' }, dir).x402LowGas).toEqual({
      evmWei: 5n * 10n ** 17n,
      solanaLamports: 2n * 10n ** 9n,
    })
    for (const bad of ['-1', 'lots', '1e3'])
      expectConfigError({ X402_LOW_GAS_EVM: bad }, /X402_LOW_GAS_EVM.*decimal amount/)
    expectConfigError({ X402_LOW_GAS_SOLANA: '0.0000000001' }, /X402_LOW_GAS_SOLANA.*at most 9 digits/)
  })

  it('BITCOIN_DEVNET_BLOCK_MS: a block every 10 s by default, 0 for blocks only on demand, bounded', () => {
    expect(loadConfig({}, dir).bitcoinDevnetBlockMs).toBe(10_000)
    expect(loadConfig({ BITCOIN_DEVNET_BLOCK_MS: '0' }, dir).bitcoinDevnetBlockMs).toBe(0)
    expect(loadConfig({ BITCOIN_DEVNET_BLOCK_MS: '2500' }, dir).bitcoinDevnetBlockMs).toBe(2500)
    for (const bad of ['50', '-1', '1.5', 'fast', '3600001'])
      expectConfigError(
        { BITCOIN_DEVNET_BLOCK_MS: bad },
        /BITCOIN_DEVNET_BLOCK_MS must be 0 .* or a number of milliseconds from 100 to 3600000/,
      )
  })
})

describe('quotes, rates and receipts', () => {
  it('have defaults; the receipt sender is named after the public origin', () => {
    expect(loadConfig({}, dir)).toMatchObject({
      quoteTtlSeconds: 900,
      rateCacheSeconds: 30,
      latePaymentGraceSeconds: 0,
      rateOutlierPercent: '5',
      rateSources: ['coinbase', 'kraken', 'bitstamp', 'coingecko'],
      smtpUrl: null,
      receiptEmailFrom: 'Paylink receipts <receipts@localhost>',
    })
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://pay.example.com' }, dir).receiptEmailFrom).toBe(
      'Paylink receipts <receipts@pay.example.com>',
    )
  })

  it('reads every variable; rate sources are case-blind and counted once', () => {
    expect(
      loadConfig(
        {
          QUOTE_TTL_SECONDS: '60',
          RATE_CACHE_SECONDS: '0',
          LATE_PAYMENT_GRACE_SECONDS: '3600',
          RATE_OUTLIER_PERCENT: '2.5',
          RATE_SOURCES: ' Kraken, coinbase ,kraken',
          SMTP_URL: 'smtps://user:secret@mail.example.com:465',
          RECEIPT_EMAIL_FROM: 'Shop <shop@example.com>',
        },
        dir,
      ),
    ).toMatchObject({
      quoteTtlSeconds: 60,
      rateCacheSeconds: 0,
      latePaymentGraceSeconds: 3600,
      rateOutlierPercent: '2.5',
      rateSources: ['kraken', 'coinbase'],
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      receiptEmailFrom: 'Shop <shop@example.com>',
    })
  })

  it.each([
    [{ QUOTE_TTL_SECONDS: '9' }, 'QUOTE_TTL_SECONDS must be an integer from 10 to 86400 (got "9")'],
    [{ RATE_CACHE_SECONDS: '3601' }, 'RATE_CACHE_SECONDS must be an integer from 0 to 3600 (got "3601")'],
    [
      { LATE_PAYMENT_GRACE_SECONDS: '-1' },
      'LATE_PAYMENT_GRACE_SECONDS must be an integer from 0 to 2592000 (got "-1")',
    ],
    [
      { RATE_OUTLIER_PERCENT: '0.00' },
      'RATE_OUTLIER_PERCENT must be a percentage above 0 and below 100 with at most 2 decimals (got "0.00")',
    ],
    [{ RATE_OUTLIER_PERCENT: '100' }, /^RATE_OUTLIER_PERCENT must be a percentage/],
    [{ RATE_OUTLIER_PERCENT: '5.125' }, /^RATE_OUTLIER_PERCENT must be a percentage/],
    [
      { RATE_SOURCES: 'coinbase,binance' },
      'RATE_SOURCES names "binance"; known sources: coinbase, kraken, bitstamp, coingecko',
    ],
    [{ RATE_SOURCES: 'kraken, KRAKEN' }, 'RATE_SOURCES must name at least two sources: a quote needs two that agree'],
    [
      { SMTP_URL: 'https://user:secret@mail.example.com' },
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465, or unset to offer no email receipts (got "https://user:***@mail.example.com")',
    ],
  ])('refuses %j, naming the variable', (env, message) => {
    expectConfigError(env, message)
  })
})
