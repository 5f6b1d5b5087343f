import {
  AppShell,
  Badge,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingStore, IconLogout } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { UserIdentity } from '@/components/user-identity';
import { useAuth } from '@/lib/auth';
import { paths } from '../paths';
import type { NavItem } from './nav-items';

type ShellLayoutProps = {
  /** Which shell, shown next to the brand and used to label the navigation. */
  name: string;
  navItems: NavItem[];
};

/**
 * The sidebar frame shared by the POS and procurement shells (spec §2 Navigation shells).
 * Below the md breakpoint (tablet portrait) the sidebar folds behind a burger.
 */
export function ShellLayout({ name, navItems }: ShellLayoutProps) {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const [isNavOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  // A link tapped in the folded sidebar should show the screen, not leave the sidebar over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => closeNav(), [pathname, closeNav]);

  if (!user) return null;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', md: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={isNavOpen}
            onClick={toggleNav}
            hiddenFrom="md"
            size="md"
            aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
          />
          <ThemeIcon size={38} radius="md" aria-hidden>
            <IconBuildingStore size={22} stroke={1.75} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            Retail Hub
          </Text>
          <Badge variant="light" size="lg" visibleFrom="xs">
            {name}
          </Badge>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" role="complementary" aria-label="Sidebar">
        <AppShell.Section grow component={ScrollArea} type="auto">
          <Stack gap={4} component="nav" aria-label={name}>
            {navItems.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={22} stroke={1.75} aria-hidden />}
                active={pathname === item.to}
                aria-current={pathname === item.to ? 'page' : undefined}
                variant="filled"
                fw={500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="sm" />
          <Stack gap="xs">
            <UserIdentity user={user} compact />
            <Button
              component={Link}
              to={paths.home}
              variant="default"
              fullWidth
              justify="flex-start"
              leftSection={<IconArrowLeft size={20} aria-hidden />}
              aria-label="Back to Interface Selection"
            >
              Interface Selection
            </Button>
            {/* spec §2, §8: logout lands on /pin-login even when the call fails (lib/auth). */}
            <Button
              variant="subtle"
              color="red"
              fullWidth
              justify="flex-start"
              leftSection={<IconLogout size={20} aria-hidden />}
              onClick={() => void logout()}
            >
              Logout
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageSpinner inline />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
