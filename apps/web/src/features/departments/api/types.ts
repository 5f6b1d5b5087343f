/**
 * The response shapes are shared with the server (packages/shared departments.ts); re-exported
 * here for the components that import them from this file.
 */
export type { Department, ProcDepartment, Suggestion } from '@retail-hub/shared';

/** The list filters of the procurement departments screen ('all' sends no filter). */
export type ProcDepartmentStatus = 'all' | 'active' | 'archived';
export type ProcDepartmentHierarchy = 'all' | 'root';
