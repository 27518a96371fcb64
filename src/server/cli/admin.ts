import { ConfigError, loadConfig } from '../config'
import { adminCommand } from './admin-command'

/** `npm run admin -- promote|demote <username>`: see admin-command.ts. */
try {
  const { code, message } = await adminCommand(process.argv.slice(2), loadConfig())
  ;(code === 0 ? console.log : console.error)(message)
  process.exitCode = code
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
}
