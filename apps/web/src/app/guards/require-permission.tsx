import { Box, Button } from '@mantine/core';
import { can, type Screen } from '@retail-hub/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccessDeniedCard } from '@/components/feedback/access-denied-card';
import { useAuth } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { paths } from '../paths';
import { denialFor } from './access-denial';

/**
 * Renders the screen only when the user's role has its SCREENS permission (spec §6). The
 * server refuses the screen's calls regardless; this only keeps people out of dead ends.
 */
export function RequirePermission({ screen, children }: { screen: Screen; children: ReactNode }) {
  const { user } = useAuth();
  if (can(user?.role, screen.permission)) return children;
  return <AccessDenied screen={screen} />;
}

function AccessDenied({ screen }: { screen: Screen }) {
  const navigate = useNavigate();
  const denial = denialFor(screen);

  useEffect(() => {
    const { toast, redirectAfterMs } = denialFor(screen);
    if (toast) notifyError({ id: `access-denied:${screen.path}`, ...toast });
    if (redirectAfterMs === undefined) return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), redirectAfterMs);
    return () => clearTimeout(timer);
  }, [screen, navigate]);

  // Issue #30 item 23: a denial that leaves (departments, users, any other screen) gives its reason
  // once, in the toast, and the panel only says where the user is going; inventory and analytics
  // stay with spec §6's toast and card, and expenses and role management with its card alone.
  const leavesWithToast = denial.toast !== undefined && denial.redirectAfterMs !== undefined;
  const card = (
    <AccessDeniedCard
      title={denial.title}
      message={leavesWithToast ? 'Taking you back to Interface Selection…' : denial.message}
      action={
        <Button component={Link} to={paths.home} variant="default" mt="xs">
          Back to Interface Selection
        </Button>
      }
    />
  );
  // Inside a shell the card sits in the content area; a screen without a shell gets a page.
  return screen.shell === 'none' ? (
    <Box mih="100dvh" bg="gray.1" p="md" pt="xl" component="main">
      {card}
    </Box>
  ) : (
    card
  );
}
