// Runs npm scripts side by side and fails if any fails: the checks that read the whole tree
// (typecheck, lint, format) are independent, and on 2 cores together they take about 20 s less
// than one after another. Each script's output is printed whole when it ends, so lines never interleave.
import { spawn } from 'node:child_process'

const names = process.argv.slice(2)
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] })
        const chunks = []
        child.stdout.on('data', (chunk) => chunks.push(chunk))
        child.stderr.on('data', (chunk) => chunks.push(chunk))
        child.on('close', (code) => {
          process.stdout.write(`\n== npm run ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n`)
          process.stdout.write(Buffer.concat(chunks))
          resolve({ name, code })
        })
      }),
  ),
)
const failed = results.filter((result) => result.code !== 0).map((result) => result.name)
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`)
  process.exit(1)
}
