// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process'

// `npm start` is production by default (D12); development conveniences need NODE_ENV said explicitly.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' }
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0))
