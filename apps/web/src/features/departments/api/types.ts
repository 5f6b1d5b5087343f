/** spec §7 GET /api/departments: a POS-side department with its manager's name. */
export type Department = {
  id: string;
  name: string;
  description: string | null;
  building: string | null;
  isActive: boolean;
  manager: { id: string; firstName: string | null; lastName: string | null } | null;
};

/** spec §7 GET /api/procurement/departments: a procurement department (proc_departments). */
export type ProcDepartment = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  parentId: string | null;
  isArchived: boolean;
  createdAt: string;
};

export type ProcDepartmentStatus = 'all' | 'active' | 'archived';
export type ProcDepartmentHierarchy = 'all' | 'root';

export type ProcDepartmentImportStatus = 'created' | 'updated' | 'unchanged' | 'refused';

/** POST /api/procurement/departments/import: one entry per data row (row 2 is the first under the header). */
export type ProcDepartmentImportResult = {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  rows: { row: number; code: string; status: ProcDepartmentImportStatus; reason?: string }[];
};

/** spec §3 AI suggestion. */
export type Suggestion = {
  id: string;
  type: 'efficiency' | 'cost' | 'structure' | 'workflow' | 'resource';
  priority: 'high' | 'medium' | 'low';
  title: string;
  description: string;
  estimatedSavings: string;
  implementationTime: string;
  impact: string;
  actionItems: string[];
};
