import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Spec row 7.7. WalletConnect's push-notification registration (echo.walletconnect.com) is
// EchoClient.registerDeviceToken in @walletconnect/core 2.21.0. A wallet SDK (WalletKit) calls it;
// this reads every module the toolkit 1.7.8 brings to a site to show none of them does.
const web = resolve(import.meta.dirname, '../../..')
// Where Node finds the package for apps/web: its own node_modules first, then the workspace root's.
function packageDir(name: string): string {
  const dir = [join(web, 'node_modules', name), join(web, '../../node_modules', name)].find((d) =>
    existsSync(join(d, 'package.json')),
  )
  if (!dir) throw new Error(`${name} is not installed`)
  return dir
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : jsFiles(path)
    return /\.(m?js|cjs)$/.test(name) ? [path] : []
  })
}

describe('WalletConnect push registration in the toolkit 1.7.8', () => {
  it('is defined by @walletconnect/core and called by no module a site loads', () => {
    const core = readFileSync(join(packageDir('@walletconnect/core'), 'dist/index.es.js'), 'utf8')
    expect(core).toContain('echo.walletconnect.com')
    // Its one mention is the method's definition.
    expect(core.match(/registerDeviceToken/g)).toEqual(['registerDeviceToken'])
    expect(core).toMatch(/"registerDeviceToken",async/)

    // A call is the name followed by "(" (the definition is `"registerDeviceToken",async i=>`).
    const packages = [
      '@walletconnect/core',
      '@walletconnect/sign-client',
      '@walletconnect/universal-provider',
      '@walletconnect/utils',
      '@reown/appkit',
      '@reown/appkit-controllers',
      '@reown/appkit-scaffold-ui',
      '@reown/appkit-utils',
      '@reown/appkit-adapter-wagmi',
      '@reown/appkit-adapter-solana',
      '@reown/appkit-adapter-bitcoin',
    ]
    const callers = packages.flatMap((name) =>
      jsFiles(join(packageDir(name), 'dist')).filter((file) =>
        /registerDeviceToken\s*\(/.test(readFileSync(file, 'utf8')),
      ),
    )
    expect(callers).toEqual([])
  })
})
