/**
 * The departments module (ADR 0027): the one department table `proc_departments` and both of its
 * screens' APIs, Department Management (/api/departments) and procurement departments
 * (/api/procurement/departments, CSV import/export). Other modules enter through this file.
 */
export { departmentRoutes } from './departments.routes';
export { departmentExists } from './departments.service';
export { procurementDepartmentRoutes } from './procurement-departments.routes';
