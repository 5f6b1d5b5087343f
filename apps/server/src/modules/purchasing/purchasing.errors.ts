import { AppError } from '../../lib/errors';

/** Purchasing's typed errors (codes `purchasing.*`), each with a message safe to show. */
export const purchasingErrors = {
  requisitionNotFound: () => new AppError(404, 'purchasing.requisition_not_found', 'Requisition not found.'),
  orderNotFound: () => new AppError(404, 'purchasing.order_not_found', 'Purchase order not found.'),
  departmentNotFound: () =>
    new AppError(400, 'purchasing.department_not_found', 'Department not found.', {
      errors: { departmentId: 'Department not found' },
    }),
  departmentArchived: () =>
    new AppError(400, 'purchasing.department_archived', 'This department is archived.', {
      errors: { departmentId: 'This department is archived' },
    }),
  noDepartment: () =>
    new AppError(
      403,
      'purchasing.no_department',
      'Your user has no department yet: ask a manager to set it under Purchasing settings.',
      { errors: { departmentId: 'Your user has no department yet' } },
    ),
  notYourDepartment: () =>
    new AppError(403, 'purchasing.not_your_department', 'You can raise requisitions only for your own department.', {
      errors: { departmentId: 'You can raise requisitions only for your own department' },
    }),
  itemsNotFound: (errors: Record<string, string>) =>
    new AppError(400, 'purchasing.item_not_found', 'Some items were not found.', { errors }),
  supplierNotFound: () =>
    new AppError(400, 'purchasing.supplier_not_found', 'Supplier not found.', {
      errors: { supplierId: 'Supplier not found' },
    }),
  deliveryLocationNotFound: () =>
    new AppError(400, 'purchasing.location_not_found', 'Location not found.', {
      errors: { deliveryLocationId: 'Location not found' },
    }),
  locationNotFound: () =>
    new AppError(400, 'purchasing.location_not_found', 'Location not found.', {
      errors: { locationId: 'Location not found' },
    }),
  notRequester: () =>
    new AppError(403, 'purchasing.not_requester', 'Only the person who raised this requisition can change it.'),
  ownApproval: () => new AppError(403, 'purchasing.own_approval', 'You cannot approve or reject your own requisition.'),
  aboveThreshold: (threshold: string) =>
    new AppError(
      403,
      'purchasing.above_threshold',
      `The estimated value is above this department's approval threshold of ${threshold}: a manager must approve it.`,
    ),
  requisitionState: (status: string, action: string) =>
    new AppError(409, 'purchasing.requisition_state', `A ${status} requisition cannot be ${action}.`),
  requisitionNotApproved: (number: string, status: string) =>
    new AppError(
      409,
      'purchasing.requisition_not_approved',
      `Requisition ${number} is ${status}: only approved requisitions can be ordered.`,
    ),
  requisitionsNotFound: () =>
    new AppError(400, 'purchasing.requisition_not_found', 'Requisition not found.', {
      errors: { requisitionIds: 'Requisition not found' },
    }),
  requisitionFullyOrdered: () =>
    new AppError(409, 'purchasing.requisition_fully_ordered', 'Every line of these requisitions is already ordered.'),
  requisitionLineMismatch: (field: string) =>
    new AppError(400, 'purchasing.requisition_line_mismatch', 'This line does not belong to the chosen requisitions.', {
      errors: { [field]: 'This line does not belong to the chosen requisitions or is for another item' },
    }),
  orderState: (status: string, action: string) =>
    new AppError(409, 'purchasing.order_state', `A ${status} purchase order cannot be ${action}.`),
  orderLocked: (status: string) =>
    new AppError(
      409,
      'purchasing.order_locked',
      `This purchase order is ${status} and locked: cancel it and issue a new one to change it.`,
    ),
  orderHasReceipts: () =>
    new AppError(
      409,
      'purchasing.order_has_receipts',
      'Goods have already been received against this order, so it cannot be cancelled.',
    ),
  linesRequired: () =>
    new AppError(400, 'validation', 'Add at least one line', { errors: { lines: 'Add at least one line' } }),
  amountTooLarge: (field: string) =>
    new AppError(400, 'validation', 'The amount is too large', { errors: { [field]: 'The amount is too large' } }),
  notOrderLine: (field: string) =>
    new AppError(400, 'purchasing.not_order_line', 'This line is not on this purchase order.', {
      errors: { [field]: 'This line is not on this purchase order' },
    }),
  overReceipt: (field: string, message: string) =>
    new AppError(409, 'purchasing.over_receipt', message, { errors: { [field]: message } }),
  batchExpiryMismatch: (field: string, batchNo: string, expiry: string) =>
    new AppError(
      409,
      'purchasing.batch_expiry_mismatch',
      `Batch ${batchNo} of this item already has the expiry date ${expiry}.`,
      { errors: { [field]: `Batch ${batchNo} already has the expiry date ${expiry}` } },
    ),
  /** Issue #30 item 6: an order line linked to a requisition line goes no further than what was approved. */
  requisitionLineExceeded: (field: string, message: string) =>
    new AppError(409, 'purchasing.exceeds_requisition', message, { errors: { [field]: message } }),
  orderApprovalRequired: (threshold: string) =>
    new AppError(
      409,
      'purchasing.order_approval_required',
      `This order is above the department's approval threshold of ${threshold}: a manager must approve it before it is sent.`,
    ),
  ownOrderApproval: () => new AppError(403, 'purchasing.own_approval', 'You cannot approve your own purchase order.'),
  /** Issue #30 item 10: a fraction of an item counted in whole units (each, box, an asset). */
  wholeUnits: (errors: Record<string, string>) =>
    new AppError(400, 'purchasing.whole_units', Object.values(errors)[0] ?? 'Whole units only.', { errors }),
  supplierNoEmail: () => new AppError(400, 'purchasing.supplier_no_email', 'This supplier has no e-mail address.'),
};
