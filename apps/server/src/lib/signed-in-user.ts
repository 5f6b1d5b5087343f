import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../types';
import { unauthorized } from './errors';

/**
 * The signed-in user of a route: the one way a handler reads who is calling (issue #14). Every
 * route that is not 'public' has its session resolved by modules/auth/auth.plugin.ts before the handler runs
 * (401 without one), so this throws only for a route that wrongly declared itself 'public'.
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}
