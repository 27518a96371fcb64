// Prints what the first page downloads (the JS and CSS that dist/web/index.html references), gzip-compressed,
// and fails the build when the JS passes the budget of the web issue: 250 KB gzip.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const WEB = new URL('../dist/web/', import.meta.url).pathname
const BUDGET_KB = 250

const html = readFileSync(join(WEB, 'index.html'), 'utf8')
const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
let jsKb = 0
for (const asset of assets) {
  const bytes = readFileSync(join(WEB, asset))
  const kb = gzipSync(bytes, { level: 9 }).length / 1024
  if (asset.endsWith('.js')) jsKb += kb
  console.log(`first page: ${asset} ${(bytes.length / 1024).toFixed(1)} KB, ${kb.toFixed(1)} KB gzip`)
}
console.log(`first-page-js-gzip-kb: ${jsKb.toFixed(1)} (budget ${BUDGET_KB})`)
if (jsKb > BUDGET_KB) {
  console.error(`The first page's JS is over the ${BUDGET_KB} KB gzip budget`)
  process.exit(1)
}
