import type { Screen } from '@retail-hub/shared';
import { paths } from '../paths';

/** What a signed-in user sees on a screen their role may not use (spec §6 Screen access). */
export type Denial = {
  /** Card heading; null when the message already says 'Access Denied'. */
  title: string | null;
  message: string;
  /** A toast as well as the card. */
  toast?: { title: string; message: string };
  /** Leave for the interface selection after this long (spec §9: 1 second). */
  redirectAfterMs?: number;
};

const REDIRECT_MS = 1000;

const DENIALS: Partial<Record<string, Denial>> = {
  [paths.inventory]: {
    title: 'Access Denied',
    message: 'Only managers and developers can add and edit products.',
    toast: { title: 'Access Denied', message: 'Only managers and developers can add and edit products.' },
  },
  [paths.analytics]: {
    title: 'Access Denied',
    message: 'Only managers and developers can view institutional analytics.',
    toast: { title: 'Access Denied', message: 'Only managers and developers can view institutional analytics.' },
  },
  [paths.expenses]: { title: null, message: 'Access Denied. Manager privileges required.' },
  [paths.departments]: {
    title: 'Access Denied',
    message: 'Manager or Developer access required for department management.',
    toast: { title: 'Access Denied', message: 'Manager or Developer access required for department management.' },
    redirectAfterMs: REDIRECT_MS,
  },
  [paths.users]: {
    title: 'Access Denied',
    message: 'Manager or Developer access required for user management.',
    toast: { title: 'Access Denied', message: 'Manager or Developer access required for user management.' },
    redirectAfterMs: REDIRECT_MS,
  },
  [paths.roleManagement]: {
    title: 'Access Denied',
    message: 'Only Super Administrators can access the Role Management system.',
  },
};

export function denialFor(screen: Screen): Denial {
  return (
    DENIALS[screen.path] ?? {
      title: 'Access Denied',
      message: `Your role does not have access to ${screen.title}.`,
      redirectAfterMs: REDIRECT_MS,
    }
  );
}
