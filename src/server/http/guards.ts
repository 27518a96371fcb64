import type { FastifyRequest, RouteOptions } from 'fastify'
import { hasPlanFeatures, PLAN_REQUIRED } from '../../domain/subscription'
import { requireUser } from '../auth/session.plugin'
import { refusals } from './contract'
import { forbidden, HttpError } from './errors'

/**
 * Who may reach which routes, decided by where a route is registered, never by each handler: app.ts
 * registers signed-in routes inside one plugin whose hook is `signedInGuard`, and `adminGuard` runs at the
 * root for every route whose path starts with an admin prefix, wherever it was registered (decision 013), so a new
 * admin route cannot be left unguarded. Both read the route's declared path, not the URL as sent, which a
 * client could spell differently ('/api/%61dmin').
 */
export const ADMIN_PREFIXES = ['/api/admin/', '/api/master/'] as const

export async function signedInGuard(request: FastifyRequest): Promise<void> {
  requireUser(request)
}

export async function adminGuard(request: FastifyRequest): Promise<void> {
  if (!isAdminRoute(request.routeOptions.url)) return
  if (requireUser(request).role !== 'admin') throw forbidden('Admin access required')
}

/**
 * Decision 016: new bets, suggestions and probabilities need a trial or a plan (403, field 'plan', which the
 * screens turn into a link to /pricing). Called by those routes' handlers; the user's tier is already the
 * effective one (auth/session.plugin.ts).
 */
export function requirePlan(request: FastifyRequest): void {
  if (!hasPlanFeatures(requireUser(request).subscriptionTier)) throw new HttpError(403, PLAN_REQUIRED, 'plan')
}

function isAdminRoute(url: string | undefined): boolean {
  return url !== undefined && ADMIN_PREFIXES.some((prefix) => url.startsWith(prefix))
}

/**
 * The guards' refusals belong in the contract of every route they stand before; these onRoute hooks,
 * registered beside the guards, add them (and the session requirement) so no route has to repeat them.
 */
export function documentSignedIn(route: RouteOptions): void {
  route.schema = {
    ...route.schema,
    security: [{ session: [] }],
    response: { ...refusals(401), ...(route.schema?.response as object) },
  }
}

export function documentAdmin(route: RouteOptions): void {
  if (!isAdminRoute(route.url)) return
  documentSignedIn(route)
  route.schema = { ...route.schema, response: { ...refusals(403), ...(route.schema?.response as object) } }
}
