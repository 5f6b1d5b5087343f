/**
 * The departments feature's public entry (docs/architecture.md, Boundaries): the procurement
 * dashboard counts active procurement departments with the screen's own query.
 */
export { type ProcDepartmentFilters, procDepartmentsQueryOptions } from './api/procurement-departments';
