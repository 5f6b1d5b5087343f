/**
 * The auth module: PIN sign-in, sessions, the sign-in throttle, approver PINs, and the plugin that
 * resolves the session and checks the permission of every route (registerAuth).
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export {
  type ApprovalContext,
  approvalFor,
  checkApproverPin,
  type GrantedApproval,
  verifyApproverPin,
} from './approver.service';
export { registerAuth } from './auth.plugin';
export { authRoutes } from './auth.routes';
export type { DeviceCookie } from './device-cookie';
export type { SessionManager } from './session.service';
export type { LoginThrottle } from './throttle.service';
