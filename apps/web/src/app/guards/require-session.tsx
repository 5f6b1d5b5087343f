import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { useAuth } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { publicPaths } from '../paths';
import { PinLoginPage } from '../routes/screens';
import { signedOutNoticeFor } from './signed-out';

/**
 * Renders `children` only for a signed-in user (spec §2: not signed in, every path shows the
 * PIN login screen). Waiting for the session is handled once, by the root layout.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, hasJustLoggedOut } = useAuth();
  if (user) return children;
  // A deliberate logout goes straight to the PIN screen, without the 'Unauthorized' alarm (spec §4).
  if (hasJustLoggedOut) return <Navigate to={publicPaths.pinLogin} replace />;
  return <SignedOutScreen />;
}

/** The PIN login in place of the protected screen, a toast, then /pin-login (spec §4, §6). */
function SignedOutScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const notice = signedOutNoticeFor(pathname);
    notifyError({ id: 'signed-out', title: notice.title, message: notice.message });
    const timer = setTimeout(() => navigate(publicPaths.pinLogin, { replace: true }), notice.redirectAfterMs);
    return () => clearTimeout(timer);
  }, [pathname, navigate]);

  return (
    <Suspense fallback={<PageSpinner />}>
      <PinLoginPage />
    </Suspense>
  );
}
