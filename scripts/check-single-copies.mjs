#!/usr/bin/env node
// Fails when npm installed more than one version of a package that must exist once:
// - every @reown/* package, at 1.7.8: AppKit's adapters pin its core exactly, and two cores in one
//   page break the modal in ways no test pins down (the Solana adapter is 1.7.9, the nearest in the
//   registry, on the 1.7.8 core);
// - zod: the shared schemas, the server and AppKit's wallet package must agree on one zod, or a
//   schema built by one copy is refused by the other's `instanceof` checks (the root's `overrides`
//   force 4.1.12).
// viem is left out on purpose: several copies are legitimate there (each pinned by its consumer).
import { execFileSync } from 'node:child_process'

/** Each family: which package names belong to it, and the one version each must have (null: any, but one). */
const families = [
  {
    name: '@reown',
    matches: (pkg) => pkg.startsWith('@reown/'),
    expected: (pkg) => (pkg === '@reown/appkit-adapter-solana' ? null : '1.7.8'),
  },
  { name: 'zod', matches: (pkg) => pkg === 'zod', expected: () => '4.1.12' },
]

function npmLs() {
  try {
    return execFileSync('npm', ['ls', '--all', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 << 20,
    })
  } catch (error) {
    // npm ls exits 1 for unrelated peer-range notes; its JSON is still complete.
    if (error.stdout) return error.stdout
    throw error
  }
}

const tree = JSON.parse(npmLs())
/** package name -> set of installed versions */
const versions = new Map()
function walk(node) {
  for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
    if (dep.version && families.some((family) => family.matches(name))) {
      if (!versions.has(name)) versions.set(name, new Set())
      versions.get(name).add(dep.version)
    }
    walk(dep)
  }
}
walk(tree)

let failed = false
for (const family of families) {
  const members = [...versions].filter(([name]) => family.matches(name))
  for (const [name, v] of members) console.log(`${name}: ${[...v].join(', ')}`)
  if (members.length === 0) {
    console.error(`No ${family.name} package found: run npm install first.`)
    failed = true
    continue
  }
  const problems = members.filter(
    ([name, v]) => v.size > 1 || (family.expected(name) !== null && !v.has(family.expected(name))),
  )
  if (problems.length > 0) {
    console.error(
      `Expected one copy of each ${family.name} package (${members.map(([n]) => `${n}@${family.expected(n) ?? 'any'}`).join(', ')}), found: ${problems.map(([n, v]) => `${n}@${[...v].join('|')}`).join(', ')}`,
    )
    failed = true
  } else {
    console.log(`One copy of each of ${members.length} ${family.name} package(s).`)
  }
}
if (failed) process.exit(1)
