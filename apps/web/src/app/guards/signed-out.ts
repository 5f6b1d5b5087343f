import { paths } from '../paths';

export type SignedOutNotice = { title: string; message: string; redirectAfterMs: number };

/** spec §4 Session, §8 Generic: a protected screen opened while signed out. */
export const UNAUTHORIZED_NOTICE: SignedOutNotice = {
  title: 'Unauthorized',
  message: 'You are logged out. Logging in again...',
  redirectAfterMs: 500,
};

/** spec §6: asset checkout has its own wording and waits 1 second. */
const ASSET_CHECKOUT_NOTICE: SignedOutNotice = {
  title: 'Authentication Required',
  message: 'Please log in to access asset checkout.',
  redirectAfterMs: 1000,
};

export function signedOutNoticeFor(pathname: string): SignedOutNotice {
  return pathname === paths.assetCheckout ? ASSET_CHECKOUT_NOTICE : UNAUTHORIZED_NOTICE;
}
