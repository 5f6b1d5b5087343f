import { Badge, Button, Group } from '@mantine/core';
import type { Screen } from '@retail-hub/shared';
import { IconBuildingWarehouse, IconCashRegister, IconLayoutGrid } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StandaloneLayout } from '@/components/layouts/standalone-layout';
import { DeveloperTabs } from '@/features/developer/components/developer-dashboard';
import { useAuth } from '@/lib/auth';
import { paths } from '../paths';

/** spec §2 Developer dashboard: 'Developer Access' badge and links to Interface Selection, POS and Procurement. */
export default function DeveloperDashboardPage({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <StandaloneLayout
      title={screen.title}
      user={user}
      backTo={paths.home}
      backLabel="Interface Selection"
      badge={
        <Badge size="lg" color="grape" variant="light">
          Developer Access
        </Badge>
      }
    >
      <Group gap="sm" component="nav" aria-label="Developer shortcuts">
        <Button
          component={Link}
          to={paths.home}
          variant="default"
          leftSection={<IconLayoutGrid size={20} aria-hidden />}
        >
          Interface Selection
        </Button>
        <Button
          component={Link}
          to={paths.pos}
          variant="default"
          leftSection={<IconCashRegister size={20} aria-hidden />}
        >
          POS
        </Button>
        <Button
          component={Link}
          to={paths.procurementDashboard}
          variant="default"
          leftSection={<IconBuildingWarehouse size={20} aria-hidden />}
        >
          Procurement
        </Button>
      </Group>
      <DeveloperTabs />
    </StandaloneLayout>
  );
}
