// Restores the other platforms' optional binary packages (biome, rollup, tailwind oxide) to
// package-lock.json. The npm mirror this project is built on answers 404 for binaries of platforms it
// does not serve, so `npm install` leaves them out of the lock, and `npm ci` then refuses the lock as
// out of sync with package.json. An entry carrying its os/cpu/libc lets `npm ci` skip the package on
// a platform it does not fit without fetching it, exactly as a lock written against the full registry
// does. Run after any `npm install` that rewrites the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = new URL('../package-lock.json', import.meta.url)
const OS = new Set(['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32'])
const CPU = new Set(['arm', 'arm64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'x64'])
const LIBC = { musl: 'musl', musleabihf: 'musl', gnu: 'glibc', gnueabihf: 'glibc' }

/** '@rollup/rollup-linux-arm-musleabihf' → { os: ['linux'], cpu: ['arm'], libc: ['musl'] } */
function platformOf(name) {
  const platform = {}
  for (const token of name.split('/').pop().split('-')) {
    if (OS.has(token)) platform.os = [token]
    else if (CPU.has(token)) platform.cpu = [token]
    else if (token in LIBC) platform.libc = [LIBC[token]]
  }
  if (!platform.cpu) throw new Error(`cannot tell the platform of ${name}`)
  return platform
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
let added = 0
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue
    lock.packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    }
    added += 1
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} platform entries`)
