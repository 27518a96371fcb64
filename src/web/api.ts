import type {
  Method,
  RouteAnswer,
  RouteBody,
  RouteKey,
  RouteOf,
  RouteParams,
  RouteQuery,
} from '../contract/routes'
import { NEXT_CURSOR_HEADER } from '../domain/bet'

/**
 * The one way the web app talks to the server (docs/spec/product-spec.md §8, Generic): any non-OK answer throws
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

  /** The field the server's refusal names (`{ message, field }`), when it names one. */
  get serverField(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { field?: unknown }
      return typeof parsed.field === 'string' ? parsed.field : null
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

type ParamsPart<K extends RouteKey> = [keyof RouteParams<K>] extends [never]
  ? { params?: undefined }
  : { params: RouteParams<K> }
type QueryPart<K extends RouteKey> = [RouteQuery<K>] extends [never]
  ? { query?: undefined }
  : { query?: RouteQuery<K> }
type BodyPart<K extends RouteKey> = [RouteBody<K>] extends [never]
  ? { body?: undefined }
  : Record<string, never> extends RouteBody<K>
    ? { body?: RouteBody<K> }
    : { body: RouteBody<K> }

/** What a call of route K sends: its path's parameters, its query and its body, each as the map types it. */
export type RequestOf<K extends RouteKey> = ParamsPart<K> & QueryPart<K> & BodyPart<K>
/** The request may be left out when nothing in it is required. */
type Args<K extends RouteKey> =
  Record<string, never> extends RequestOf<K> ? [request?: RequestOf<K>] : [request: RequestOf<K>]
/** What an address carries: the path's parameters and the query. */
type UrlOf<K extends RouteKey> = ParamsPart<K> & QueryPart<K>
type UrlArgs<K extends RouteKey> = Record<string, never> extends UrlOf<K> ? [url?: UrlOf<K>] : [url: UrlOf<K>]

/**
 * The address of a route (src/contract/routes.ts) with its parameters and query filled in: for what the
 * browser opens itself (a link, a download, the event stream) rather than through `api`.
 */
export function apiUrl<K extends RouteKey>(key: K, ...[input]: UrlArgs<K>): string {
  const params: Record<string, string | number> = input?.params ?? {}
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))
  const query = Object.entries((input?.query ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined && value !== null,
  )
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`
}

async function call<K extends RouteKey>(key: K, input: RequestOf<K> | undefined): Promise<RouteAnswer<K>> {
  const method = key.slice(0, key.indexOf(' ')) as Method
  const body = input?.body ?? (method === 'POST' || method === 'PATCH' || method === 'PUT' ? {} : undefined)
  const response = await request(method, apiUrl(key, ...([input] as UrlArgs<K>)), body)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as RouteAnswer<K>
}

type Item<K extends RouteKey> = RouteAnswer<K> extends readonly (infer T)[] ? T : never

/**
 * The one way the web calls the API: the route's key names its method and path, and the route map types
 * what goes in and what comes back (`api.get('GET /api/games/:id', { params: { id } })`).
 */
export const api = {
  get: <K extends RouteOf<'GET'>>(key: K, ...[input]: Args<K>) => call(key, input),
  post: <K extends RouteOf<'POST'>>(key: K, ...[input]: Args<K>) => call(key, input),
  patch: <K extends RouteOf<'PATCH'>>(key: K, ...[input]: Args<K>) => call(key, input),
  put: <K extends RouteOf<'PUT'>>(key: K, ...[input]: Args<K>) => call(key, input),
  delete: <K extends RouteOf<'DELETE'>>(key: K, ...[input]: Args<K>) => call(key, input),

  /** GET that answers null on 401 (return-null mode). */
  async getOrNull<K extends RouteOf<'GET'>>(key: K, ...[input]: Args<K>): Promise<RouteAnswer<K> | null> {
    try {
      return await call(key, input)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      throw error
    }
  },

  /**
   * Every page of a paged list (GET /api/bets/active and /api/bets): follows the next page's
   * cursor, which the server sends in a header, to the last page, for a screen that shows the whole list.
   */
  async getAllPages<K extends 'GET /api/bets' | 'GET /api/bets/active'>(key: K): Promise<Item<K>[]> {
    const all: Item<K>[] = []
    for (let cursor: string | null = null; ; ) {
      // The two lists share one query schema, so either key's types fit.
      const url = apiUrl(key as 'GET /api/bets', cursor === null ? {} : { query: { cursor } })
      const response = await request('GET', url)
      all.push(...((await response.json()) as Item<K>[]))
      cursor = response.headers.get(NEXT_CURSOR_HEADER)
      if (cursor === null) return all
    }
  },
}

/** The default query's fetch: a key of a GET route's key followed by its path parameters in order. */
export async function getByQueryKey(queryKey: readonly unknown[]): Promise<unknown> {
  const [key, ...values] = queryKey as [RouteOf<'GET'>, ...unknown[]]
  let next = 0
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:\w+/g, () => encodeURIComponent(String(values[next++])))
  return (await request('GET', path)).json()
}

/** A call built ahead with apiUrl, for a screen that holds the request until the user confirms it. */
export interface PreparedRequest {
  method: Method
  url: string
  body?: unknown
}

export async function sendPrepared<Answer>(prepared: PreparedRequest): Promise<Answer> {
  const response = await request(prepared.method, prepared.url, prepared.body)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as Answer
}

/** A query of a GET route: keyed by the route and its parameters (so the route's key refreshes them all). */
export function routeQuery<K extends RouteOf<'GET'>>(key: K, ...[input]: Args<K>) {
  return {
    queryKey: [key, ...Object.values(input?.params ?? {})] as const,
    queryFn: () => call(key, input),
  }
}

/** The message a failure toast shows: the server's own, else the given fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return fallback
}
