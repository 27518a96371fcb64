import { spawn } from 'node:child_process'

/**
 * Runs pg_dump or pg_restore against `url`. The password goes in the environment, not the arguments,
 * where any user on the machine could read it in the process list.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const target = new URL(url)
  const password = decodeURIComponent(target.password)
  target.password = ''
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
  const child = spawn(tool, [...args, `--dbname=${target}`], { env, stdio: ['ignore', 'inherit', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`${tool} could not run (${error.message}): install PostgreSQL's client tools`)),
    )
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`${tool} failed:\n${stderr.trim()}`)
}
