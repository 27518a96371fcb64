import type { FastifyInstance } from 'fastify'

/**
 * Records the repository methods the app calls (`users.create`, `tokens.issue`, ...), in order, so that a
 * test can hold two paths to the same database work: decision 022 and forgot-password must not tell a registered
 * address from an unknown one by how long they take. `stop` puts the methods back.
 */
export function recordRepositoryCalls(app: FastifyInstance) {
  const calls: string[] = []
  const originals: (() => void)[] = []
  for (const [area, repository] of Object.entries(app.repos as unknown as Record<string, object>)) {
    const methods = repository as Record<string, unknown>
    for (const [name, method] of Object.entries(methods)) {
      if (typeof method !== 'function') continue
      methods[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(`${area}.${name}`)
        return method.apply(this, args)
      }
      originals.push(() => {
        methods[name] = method
      })
    }
  }
  return {
    /** The calls since the last take. */
    take: () => calls.splice(0),
    stop: () => {
      for (const restore of originals) restore()
    },
  }
}
