import { loadConfig } from '../config'
import { adminCommand } from './admin-command'
import { runCommand } from './command'

/** `npm run admin -- promote|demote <username>`: see admin-command.ts. */
runCommand(async () => {
  console.log(await adminCommand(process.argv.slice(2), loadConfig().database))
})
