#!/usr/bin/env node
// Fails when npm installed more than one version of any @reown/* package: AppKit's adapters pin
// its core exactly, and two cores in one page break the modal in ways no test pins down.
import { execFileSync } from 'node:child_process'

function npmLs() {
  try {
    return execFileSync('npm', ['ls', '--all', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 << 20 })
  } catch (error) {
    // npm ls exits 1 for unrelated peer-range notes; its JSON is still complete.
    if (error.stdout) return error.stdout
    throw error
  }
}
const tree = JSON.parse(npmLs())
const versions = new Map()
function walk(node) {
  for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
    if (name.startsWith('@reown/') && dep.version) {
      if (!versions.has(name)) versions.set(name, new Set())
      versions.get(name).add(dep.version)
    }
    walk(dep)
  }
}
walk(tree)
const problems = [...versions].filter(([name, v]) => v.size > 1 || (name !== '@reown/appkit-adapter-solana' && !v.has('1.7.8')))
for (const [name, v] of versions) console.log(`${name}: ${[...v].join(', ')}`)
if (versions.size === 0) {
  console.error('No @reown packages found: run npm install first.')
  process.exit(1)
}
if (problems.length > 0) {
  console.error(`Expected one copy of each @reown package at 1.7.8, found: ${problems.map(([n, v]) => `${n}@${[...v].join('|')}`).join(', ')}`)
  process.exit(1)
}
console.log(`One copy of each of ${versions.size} @reown packages.`)
