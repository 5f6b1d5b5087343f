/**
 * Users, roles and status (ADR 0005): GET/PATCH/PUT/DELETE /api/users; the admin context staff
 * administration shares; users by PIN hash for sign-in.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { type AdminContext, activityBy, adminContextOf } from './admin-context';
export { setUserPin } from './user-pin.service';
export { userIdParamsSchema, userRoutes } from './users.routes';
export {
  activeStaffEmails,
  activeUserByPinHash,
  changeUserStatus,
  createStaffUser,
  listUserSummaries,
  setManagedProcDepartment,
  totalUsers,
  updateStaffProfile,
} from './users.service';
