// `npm run generate -w @paylink/sdk` (this file) writes packages/sdk/src/generated/openapi.ts from
// the server's OpenAPI document; with `--check` it writes nothing and fails when the committed file
// differs. It lives with the repository's scripts, not in the package: it builds the server to read
// its document, and the SDK itself must not depend on the server.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { typesDrift, typesFile, typesFromDocument } from './generateTypes.js'
import { readServerDocument } from './serverDocument.js'

const document = await readServerDocument()
if (process.argv.includes('--check')) {
  const drift = await typesDrift(document)
  if (drift) {
    console.error(drift)
    process.exit(1)
  }
  console.log(`${typesFile} matches the server's OpenAPI document.`)
} else {
  await mkdir(dirname(typesFile), { recursive: true })
  await writeFile(typesFile, await typesFromDocument(document))
  console.log(`wrote ${typesFile}`)
}
