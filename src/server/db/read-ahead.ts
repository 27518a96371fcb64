/**
 * `source`'s items, the next one asked for as soon as this one is handed over, so that work done elsewhere
 * (another process, the network) goes on while the caller uses this one. Leaving early ends the source.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const items = source[Symbol.asyncIterator]()
  let next = items.next()
  try {
    for (;;) {
      const item = await next
      if (item.done) return
      next = items.next()
      // A failure of the read ahead is thrown when its turn comes; meanwhile it is not unhandled.
      next.catch(() => {})
      yield item.value
    }
  } finally {
    await items.return?.()
  }
}
