/**
 * The users feature's public entry (docs/architecture.md, Boundaries): department management picks
 * a department head from the same user list.
 */
export { usersQueryOptions, useUsers } from './api/get-users';
