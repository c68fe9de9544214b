// ESLint rule: no import loop between the repository's own modules, type-only imports included.
//
// Why not import-x/no-cycle alone: it skips `import type` by design (a type import leaves no
// runtime edge), and each of the loops issue 12 names has one type-only side
// (apiKeyStore -> requireMerchant, loadDecisionContext -> processPayments,
// SignMessageForm -> NamespacePanel). For the architecture the arrow counts whatever it carries:
// a module that needs a type from its caller is a module whose arrows run both ways.
// Resolution is import-x's own node resolver (the same one the config hands import-x), so both
// rules agree on what an import names; only files of this repository outside node_modules count.
import { readFileSync, realpathSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** One graph per lint run (a CLI run; an editor's long-lived server would need a restart after edits). */
const edgesCache = new Map()

function isRepoSource(file) {
  return (
    file.startsWith(repoRoot + path.sep) &&
    !file.includes(`${path.sep}node_modules${path.sep}`) &&
    /\.(ts|tsx|mts|js|mjs)$/.test(file)
  )
}

function edgesOf(file, resolve) {
  const cached = edgesCache.get(file)
  if (cached) return cached
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    edgesCache.set(file, [])
    return []
  }
  // preProcessFile lists every import and re-export, `import type` and `import('…')` included.
  const { importedFiles } = ts.preProcessFile(text, true, true)
  const edges = []
  for (const { fileName: specifier } of importedFiles) {
    const target = resolve(specifier, file)
    if (target && isRepoSource(target) && target !== file) edges.push({ target, specifier })
  }
  edgesCache.set(file, edges)
  return edges
}

/** The shortest route of specifiers from `start` back to `goal`, or undefined. */
function routeBack(start, goal, resolve) {
  const seen = new Set([start])
  const queue = [{ file: start, route: [] }]
  while (queue.length > 0) {
    const { file, route } = queue.shift()
    for (const { target, specifier } of edgesOf(file, resolve)) {
      if (target === goal) return [...route, specifier]
      if (seen.has(target)) continue
      seen.add(target)
      queue.push({ file: target, route: [...route, specifier] })
    }
  }
  return undefined
}

/** @param {{ resolve: (specifier: string, sourceFile: string) => { found: boolean, path?: string | null } }} resolver */
export function createNoImportCycleRule(resolver) {
  const resolve = (specifier, sourceFile) => {
    const result = resolver.resolve(specifier, sourceFile)
    if (!result.found || !result.path) return undefined
    try {
      return realpathSync(result.path)
    } catch {
      return undefined
    }
  }
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid import loops between the repository’s modules, type-only imports included.' },
      schema: [],
      messages: {
        cycle: 'Import loop: {{file}} imports {{route}}, which leads back to {{file}}. Arrows must run one way.',
      },
    },
    create(context) {
      const file = realpathSync(context.physicalFilename)
      if (!isRepoSource(file)) return {}
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return
        const target = resolve(node.source.value, file)
        if (!target || !isRepoSource(target) || target === file) return
        const route = routeBack(target, file, resolve)
        if (route)
          context.report({
            node,
            messageId: 'cycle',
            data: { file: path.relative(repoRoot, file), route: [node.source.value, ...route].join(' -> ') },
          })
      }
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      }
    },
  }
}
