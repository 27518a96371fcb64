import { connect, type Socket } from 'node:net'

export interface RawConnection {
  socket: Socket
  send(text: string): void
  /** Everything the server has sent so far. */
  received(): string
  /** Resolves once the server has sent `text`. */
  receivedUntil(text: string): Promise<void>
  /** True once the server closed the connection, false if it still holds it after `ms`. */
  closedWithin(ms: number): Promise<boolean>
}

/** A client that writes HTTP by hand: half a body, half the headers, or nothing at all. */
export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let data = ''
  const listeners = new Set<() => void>()
  socket.on('data', (chunk) => {
    data += chunk.toString()
    for (const listener of listeners) listener()
  })
  // A reset by the server is one way of closing; the test reads `closed`, not the error.
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return {
    socket,
    send: (text) => socket.write(text),
    received: () => data,
    receivedUntil: (text) =>
      new Promise((resolve) => {
        const check = () => {
          if (!data.includes(text)) return
          listeners.delete(check)
          resolve()
        }
        listeners.add(check)
        check()
      }),
    async closedWithin(ms) {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ms)
      })
      const result = await Promise.race([closed.then(() => true as const), late])
      clearTimeout(timer)
      if (!result) socket.destroy()
      return result
    },
  }
}
