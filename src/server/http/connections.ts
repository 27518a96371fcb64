import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

interface Exchange {
  request: IncomingMessage
  response: ServerResponse
}

export interface Connections {
  /**
   * Closes at once every connection that holds no request in flight, and ends the responses already
   * streaming; requests in flight get `drainMs` to finish, then whatever is left is closed.
   */
  stop(drainMs: number): void
}

/**
 * Follows the server's connections so that a stop can tell them apart (a client half-way through
 * sending a body held the stop for 10 s, then the process exited without closing the database). Idle
 * keep-alive connections and requests whose body has not finished arriving are not in flight: they are
 * closed at once. A response that has sent its headers and is still writing is a stream (the CSV export,
 * which may run for a minute): it is ended, and the client sees an incomplete download rather than a
 * silently short file. Call before listen.
 */
export function trackConnections(server: Server): Connections {
  const exchanges = new Map<Socket, Exchange | null>()
  let stopping = false

  server.on('connection', (socket: Socket) => {
    exchanges.set(socket, null)
    socket.once('close', () => exchanges.delete(socket))
  })
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    exchanges.set(socket, { request, response })
    response.once('close', () => {
      if (exchanges.get(socket)?.request === request) exchanges.set(socket, null)
      // Answered while stopping: the connection is not kept alive for another request.
      if (stopping) socket.destroy()
    })
  })

  return {
    stop(drainMs) {
      stopping = true
      for (const [socket, exchange] of exchanges) {
        if (!exchange || !inFlight(exchange)) socket.destroy()
      }
      const drained = setTimeout(() => server.closeAllConnections(), drainMs)
      server.once('close', () => clearTimeout(drained))
    },
  }
}

/** A request that has fully arrived and whose answer is not yet streaming. */
function inFlight({ request, response }: Exchange): boolean {
  const streaming = response.headersSent && !response.writableEnded
  return request.complete && !streaming
}
