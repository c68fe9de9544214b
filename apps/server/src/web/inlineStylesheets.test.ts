import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineStylesheets } from './inlineStylesheets.js'

function dist() {
  const dir = mkdtempSync(join(tmpdir(), 'paylink-css-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body{margin:0}/* </style><script>x</script> */')
  return dir
}

describe('inlineStylesheets', () => {
  it('replaces the build’s stylesheet link with its content, unable to close the element early', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>'
    const out = inlineStylesheets(html, dist())
    expect(out).toBe('<head><style>body{margin:0}/* <\\/style><script>x</script> */</style></head>')
    expect(out.match(/<\/style>/g)).toHaveLength(1)
  })

  it('leaves links outside the build’s assets, or to missing files, as they are', () => {
    const dir = dist()
    for (const html of [
      '<link rel="stylesheet" href="/assets/missing.css">',
      '<link rel="stylesheet" href="/assets/../../etc/x.css">',
      '<link rel="stylesheet" href="https://fonts.example/x.css">',
    ]) {
      expect(inlineStylesheets(html, dir)).toBe(html)
    }
  })
})
