/** Runs a command's body; a failure is one message on stderr and exit status 1. */
export function runCommand(body: () => Promise<void>): void {
  body().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
