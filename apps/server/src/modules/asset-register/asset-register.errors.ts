import { notLendableMessage } from '@retail-hub/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The asset register's errors (issue #17): one code each, a message safe to show. */
export const registerErrors = {
  assetNotFound: () => notFound('Asset', 'assets.register_not_found'),
  maintenanceNotFound: () => notFound('Maintenance job', 'assets.maintenance_not_found'),
  safetyCheckNotFound: () => notFound('Safety check', 'assets.safety_check_not_found'),
  writeoffNotFound: () => notFound('Write-off', 'assets.writeoff_not_found'),
  field: (field: string, message: string) =>
    badRequest('validation', 'Check the highlighted fields.', { [field]: message }),
  tagTaken: (tag: string) =>
    new AppError(409, 'assets.tag_taken', `An asset with tag "${tag}" already exists.`, {
      errors: { assetTag: 'This asset tag is already in use' },
    }),
  /** A receipt's scanned tag already in the register (issue #17): names the tag and the receipt field. */
  receiptTagTaken: (tag: string, field: string) =>
    new AppError(409, 'assets.tag_taken', `An asset with tag "${tag}" already exists; nothing was received.`, {
      errors: { [field]: 'This asset tag is already in use' },
    }),
  /** The same tag scanned for two units of one receipt. */
  receiptTagTwice: (tag: string, field: string) =>
    badRequest(
      'assets.tag_repeated',
      `Asset tag "${tag}" is scanned twice on this receipt; each unit needs its own tag. Nothing was received.`,
      { [field]: 'This tag is scanned for another unit of this receipt' },
    ),
  serialTaken: (serial: string) =>
    new AppError(409, 'assets.serial_taken', `Serial number "${serial}" is already registered for this item.`, {
      errors: { serialNumber: 'This serial number is already registered for this item' },
    }),
  readOnly: (tag: string) =>
    conflict('assets.written_off', `${tag} has been written off; its record is kept read-only with its history.`),
  notLendable: (tag: string, why: string) => conflict('assets.unit_not_lendable', notLendableMessage(tag, why)),
  badState: (what: string, status: string, action: string) =>
    conflict('assets.invalid_state', `A ${status.replace('_', ' ')} ${what} cannot be ${action}.`),
  ownWriteoff: () =>
    new AppError(403, 'assets.own_writeoff', 'You requested this write-off; someone else must approve or reject it.'),
  notYourDepartment: () => new AppError(403, 'auth.forbidden', 'You can only do this for your own department.'),
  noDepartment: () =>
    new AppError(
      403,
      'assets.no_department',
      'Your user has no department yet: ask a manager to set it under Purchasing settings.',
    ),
  itemWideCheck: () =>
    new AppError(
      403,
      'assets.item_wide_check',
      'A safety check of a whole item covers every department; a procurement admin or manager records it.',
    ),
  checkedOut: (tag: string) =>
    conflict('assets.checked_out', `${tag} is checked out; take it back before writing it off.`),
  openWriteoff: (tag: string) => conflict('assets.writeoff_open', `${tag} already has a write-off in progress.`),
};
