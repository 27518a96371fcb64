import { NEXT_CURSOR_HEADER } from '../domain/bet'

/**
 * The one way the web app talks to the server (spec section 8, Generic): any non-OK answer throws
 * `{status}: {body text}` (or the status text when the body is empty); a 401 yields null only where
 * the caller asks for it (the current-user query).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
  }

  /** The server's `{ message }` when it sent one, for toasts that show the server message. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown }
      return typeof parsed.message === 'string' ? parsed.message : null
    } catch {
      return null
    }
  }
}

async function request(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText)
  return response
}

export async function getJson<T>(url: string): Promise<T> {
  return (await request('GET', url)).json() as Promise<T>
}

/**
 * Every page of a paged list (GET /api/bets/active and /api/bets): follows the next page's
 * cursor, which the server sends in a header, to the last page, for a screen that shows the whole list.
 */
export async function getAllPages<T>(url: string): Promise<T[]> {
  const all: T[] = []
  for (let cursor: string | null = null; ; ) {
    const response = await request(
      'GET',
      cursor === null ? url : `${url}?cursor=${encodeURIComponent(cursor)}`,
    )
    all.push(...((await response.json()) as T[]))
    cursor = response.headers.get(NEXT_CURSOR_HEADER)
    if (cursor === null) return all
  }
}

/** GET that answers null on 401 (return-null mode). */
export async function getJsonOrNull<T>(url: string): Promise<T | null> {
  try {
    return await getJson<T>(url)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await request(method, url, body ?? (method === 'DELETE' ? undefined : {}))
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

/** The message a failure toast shows: the server's own, else the given fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return fallback
}
