// `node --import tsx scripts/openapiTypes.ts` writes src/generated/openapi.ts from the server's
// OpenAPI document; with `--check` it writes nothing and fails when the committed file differs.
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
