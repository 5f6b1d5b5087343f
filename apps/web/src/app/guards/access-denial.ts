import type { Screen } from '@retail-hub/shared';
import { paths } from '../paths';

/**
 * What a signed-in user is told on a screen their role may not use (spec §6 Screen access, in the
 * spec's words). Every denial behaves alike (issue #30 item 23: some stayed on the lock panel,
 * others went to the chooser, and the panel repeated the toast): the toast says why, once, and
 * after spec §9's 1 second the user is back at the interface selection (spec §6 Department and
 * User Management; §9 'Redirect after access denial: 1 second').
 */
export type Denial = { title: string; message: string };

/** spec §9: redirect after an access denial. */
export const DENIAL_REDIRECT_MS = 1000;

const DENIALS: Partial<Record<string, Denial>> = {
  [paths.inventory]: { title: 'Access Denied', message: 'Only managers and developers can add and edit products.' },
  [paths.analytics]: {
    title: 'Access Denied',
    message: 'Only managers and developers can view institutional analytics.',
  },
  [paths.expenses]: { title: 'Access Denied', message: 'Access Denied. Manager privileges required.' },
  [paths.departments]: {
    title: 'Access Denied',
    message: 'Manager or Developer access required for department management.',
  },
  [paths.users]: { title: 'Access Denied', message: 'Manager or Developer access required for user management.' },
  [paths.roleManagement]: {
    title: 'Access Denied',
    message: 'Only Super Administrators can access the Role Management system.',
  },
};

export function denialFor(screen: Screen): Denial {
  return (
    DENIALS[screen.path] ?? { title: 'Access Denied', message: `Your role does not have access to ${screen.title}.` }
  );
}
