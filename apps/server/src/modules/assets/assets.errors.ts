import type { ServiceFlag } from '@retail-hub/shared';
import { AppError } from '../../lib/errors';

/** A page cursor this reader was never given (the list's 400, on the `cursor` field). */
export const CURSOR_MESSAGE = 'cursor must be the X-Next-Cursor value of an earlier page of this list';

/** The asset loans' typed errors (codes `assets.*`), each with a message safe to show. */
export const assetErrors = {
  checkoutNotFound: () => new AppError(404, 'assets.checkout_not_found', 'Asset checkout not found.'),
  assetNotFound: () => new AppError(404, 'assets.asset_not_found', 'Asset not found.'),
  notLendable: (name: string) =>
    new AppError(
      400,
      'assets.not_lendable',
      `${name} is not an institutional asset that is checked out. Only active assets marked "checkout required" can be lent.`,
    ),
  flagged: (name: string, flag: ServiceFlag) =>
    new AppError(
      409,
      'assets.flagged',
      `This asset is flagged for maintenance (${flag === 'damaged' ? 'damaged' : 'needs maintenance'}): ${name} cannot be checked out until the flag is cleared.`,
    ),
  noUnits: (name: string) => new AppError(409, 'assets.no_units', `No units of ${name} are available to check out.`),
  variantRequired: (name: string) =>
    new AppError(400, 'assets.variant_required', `Choose which size option of ${name} to check out.`, {
      errors: { variantId: `Choose which size option of ${name} to check out.` },
    }),
  variantNotFound: () =>
    new AppError(404, 'assets.variant_not_found', 'Size option not found for this asset.', {
      errors: { variantId: 'Size option not found for this asset.' },
    }),
  borrowerNotFound: () =>
    new AppError(404, 'assets.borrower_not_found', 'Borrower not found.', {
      errors: { userId: 'Borrower not found.' },
    }),
  borrowerInactive: () =>
    new AppError(400, 'assets.borrower_inactive', 'This staff member is inactive and cannot borrow assets.', {
      errors: { userId: 'This staff member is inactive and cannot borrow assets.' },
    }),
  unitTaken: () =>
    new AppError(409, 'assets.unit_not_lendable', 'This unit has just been checked out by someone else.'),
  alreadyReturned: () => new AppError(409, 'assets.already_returned', 'This asset has already been returned.'),
  notFlagged: (name: string) => new AppError(409, 'assets.not_flagged', `${name} is not flagged for maintenance.`),
  unknownCursor: () =>
    new AppError(400, 'validation', CURSOR_MESSAGE, {
      errors: { cursor: CURSOR_MESSAGE },
    }),
};
