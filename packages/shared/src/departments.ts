import { z } from 'zod';
import { importResultSchema } from './catalog';
import type { Role } from './roles';

/** spec §2 Department Manager select: the roles a department's manager may have (server-checked too). */
export const DEPARTMENT_MANAGER_ROLES = [
  'manager',
  'super_admin',
  'department_manager',
] as const satisfies readonly Role[];

/** May a user of this role (as stored: any text) manage a department? */
export function canManageDepartment(role: string): boolean {
  return (DEPARTMENT_MANAGER_ROLES as readonly string[]).includes(role);
}

/**
 * Departments (spec §7 Departments and procurement): the response shapes of the POS-side
 * departments (/api/departments) and of the procurement departments (/api/procurement/departments)
 * with their CSV import and optimization suggestions. The server serializes with these schemas and
 * the web app reads the same types.
 */

/** spec §7 GET /api/departments: a POS-side department with its manager's name. */
export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  building: z.string().nullable(),
  isActive: z.boolean(),
  manager: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

/** spec §7 GET /api/procurement/departments: a procurement department (proc_departments). */
export const procDepartmentSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  isArchived: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ProcDepartment = z.infer<typeof procDepartmentSchema>;

/** POST /api/procurement/departments/import: rows named by their code, statuses as the product import's. */
export const procDepartmentImportResultSchema = importResultSchema('code');
export type ProcDepartmentImportResult = z.infer<typeof procDepartmentImportResultSchema>;

export const SUGGESTION_TYPES = ['efficiency', 'cost', 'structure', 'workflow', 'resource'] as const;
export const SUGGESTION_PRIORITIES = ['high', 'medium', 'low'] as const;

/** spec §3 AI suggestion. */
export const suggestionSchema = z.object({
  id: z.string(),
  type: z.enum(SUGGESTION_TYPES),
  priority: z.enum(SUGGESTION_PRIORITIES),
  title: z.string(),
  description: z.string(),
  estimatedSavings: z.string(),
  implementationTime: z.string(),
  impact: z.string(),
  actionItems: z.array(z.string()),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /api/procurement/departments/ai-suggestions. */
export const optimizationSuggestionsSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type OptimizationSuggestions = z.infer<typeof optimizationSuggestionsSchema>;
