import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contractPlugin } from '../../src/server/http/contract'
import { Client, type TestApp, testApp } from './support/test-app'

// biome-ignore lint/suspicious/noExplicitAny: assertions walk the document by path; a wrong path fails them
type Json = Record<string, any>

/**
 * Every route the app serves, read from Fastify's own route tree (not from the document under test):
 * `[method, path]` with `:param` written as OpenAPI's `{param}`, HEAD left out (Fastify adds it to GETs).
 */
function servedRoutes(app: FastifyInstance): [string, string][] {
  const parents: string[] = []
  const routes: [string, string][] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods = ''] = match
    const depth = indent.length / 4
    parents.length = depth
    const path = (parents[depth - 1] ?? '') + segment
    parents.push(path)
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD') routes.push([method, path.replace(/:(\w+)/g, '{$1}')])
    }
  }
  return routes
}

describe('the generated API reference', () => {
  let t: TestApp
  let document: Json
  beforeAll(async () => {
    t = await testApp()
    const answer = await new Client(t.app).get('/api/openapi.json')
    expect(answer.statusCode).toBe(200)
    document = answer.json()
  })
  afterAll(() => t.close())

  it('is OpenAPI 3.1 and lists every /api route with its input and its answers', () => {
    expect(document.openapi).toBe('3.1.0')
    const routes = servedRoutes(t.app).filter(
      ([, path]) => path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/api/openapi.json',
    )
    // The tree reading itself is checked: these are routes every build serves.
    expect(routes).toContainEqual(['POST', '/api/bets'])
    expect(routes).toContainEqual(['PATCH', '/api/bets/{id}/status'])
    expect(routes).toContainEqual(['DELETE', '/api/admin/users/{id}/hard'])
    expect(routes.length).toBeGreaterThan(35)

    for (const [method, path] of routes) {
      const operation = document.paths[path]?.[method.toLowerCase()]
      expect(operation, `${method} ${path} is in the document`).toBeDefined()
      expect(operation.summary, `${method} ${path} says what it does`).toMatch(/\w/)
      expect(operation.tags, `${method} ${path} has a section`).toHaveLength(1)
      const statuses = Object.keys(operation.responses ?? {})
      expect(
        statuses.some((status) => /^[23]/.test(status)),
        `${method} ${path} documents its answer`,
      ).toBe(true)
      for (const status of statuses.filter((s) => s.startsWith('2') && s !== '204')) {
        expect(operation.responses[status].content, `${method} ${path} ${status} has a schema`).toBeDefined()
      }
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const parameter = operation.parameters?.find((p: Json) => p.in === 'path' && `{${p.name}}` === name)
        expect(parameter, `${method} ${path} documents ${name}`).toBeDefined()
      }
      if (['POST', 'PUT', 'PATCH'].includes(method)) {
        expect(
          operation.requestBody?.content?.['application/json']?.schema,
          `${method} ${path} body`,
        ).toBeDefined()
      }
    }
  })

  it('documents refusals in the one error shape and the shared models once', () => {
    const bets = document.paths['/api/bets'].post
    expect(Object.keys(bets.responses)).toEqual(expect.arrayContaining(['201', '400', '401']))
    expect(bets.security).toEqual([{ session: [] }])
    const hardDelete = document.paths['/api/admin/users/{id}/hard'].delete
    expect(Object.keys(hardDelete.responses)).toEqual(expect.arrayContaining(['401', '403', '404']))
    expect(document.paths['/api/auth/register'].post.security).toBeUndefined()
    expect(bets.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    })
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['User', 'Game', 'Bet', 'OutcomeMatrix', 'UserStats', 'Error']),
    )
  })

  it('serves the reference page under the API prefix, within the security policy', async () => {
    const client = new Client(t.app)
    let page = await client.get('/api/docs')
    for (let hops = 0; page.statusCode === 302 && hops < 3; hops++) {
      page = await client.get(new URL(String(page.headers.location), 'http://grid.test/api/docs/').pathname)
    }
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger-ui')
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['content-security-policy']).toBeDefined()
  })
})

describe('a route without its contract', () => {
  const statusParams = z.object({ id: z.coerce.number() })
  const statusBody = z.object({ name: z.string() })
  const statusAnswer = z.object({ id: z.number(), name: z.string() })
  const routes = {
    'PATCH /api/bets/:id/status': { params: statusParams, body: statusBody, answer: statusAnswer },
  }

  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify()
    await app.register(contractPlugin, { routes })
    register(app)
    return app
  }

  it('stops the server from starting, naming what is missing', async () => {
    await expect(appWith((app) => app.get('/api/bare', async () => ({})))).rejects.toThrow(
      'GET /api/bare has no schema for a success or redirect answer',
    )
    await expect(
      appWith((app) =>
        app.post('/api/things/:id', { schema: { response: { 200: z.object({}) } } }, async () => ({})),
      ),
    ).rejects.toThrow('POST /api/things/:id has no schema for params, a body')
    await expect(
      appWith((app) =>
        app.get('/api/bare', { schema: { response: { 200: z.object({}) } } }, async () => ({})),
      ),
    ).rejects.toThrow('GET /api/bare has no summary')
    await expect(
      appWith((app) =>
        app.get(
          '/api/bare',
          { schema: { summary: 'Bare', response: { 200: z.object({}) } } },
          async () => ({}),
        ),
      ),
    ).rejects.toThrow('GET /api/bare is not in src/contract/routes.ts')
    await expect(
      appWith((app) =>
        app.patch(
          '/api/bets/:id/status',
          {
            schema: {
              summary: 'Confirm a tentative bet',
              params: statusParams,
              body: z.object({ name: z.string() }),
              response: { 200: statusAnswer },
            },
          },
          async () => ({ id: 1, name: 'a' }),
        ),
      ),
    ).rejects.toThrow('validates its body with other schemas')
  })

  it('lets a complete route and routes outside the API through', async () => {
    const app = await appWith((app) => {
      app.get('/health-page', async () => 'ok')
      app.patch(
        '/api/bets/:id/status',
        {
          schema: {
            summary: 'Confirm a tentative bet',
            params: statusParams,
            body: statusBody,
            response: { 200: statusAnswer },
          },
        },
        async (request) => ({ ...(request.body as { name: string }), ...(request.params as { id: number }) }),
      )
    })
    const answer = await app.inject({ method: 'PATCH', url: '/api/bets/7/status', payload: { name: 'a' } })
    expect(answer.json()).toEqual({ id: 7, name: 'a' })
    await app.close()
  })
})
