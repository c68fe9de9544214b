import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return fromEnv
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate
  }
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error(
      "Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.",
    )
  }
}

/** How every E2E and bench browser starts: Debian's Chromium, quiet offline (no sandbox, GPU, QUIC or background fetches). */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }
}
