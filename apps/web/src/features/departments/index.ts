/**
 * The departments feature's public entry (docs/architecture.md, Boundaries): one department list
 * (ADR 0027) that the inventory department filter and the user role choices read, and the
 * procurement list the procurement dashboard counts active departments with.
 */
export { type DepartmentOption, departmentsQueryOptions, useDepartments } from './api/departments';
export { type ProcDepartmentFilters, procDepartmentsQueryOptions } from './api/procurement-departments';
