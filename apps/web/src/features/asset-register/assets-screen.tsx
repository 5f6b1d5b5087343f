import { Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { can } from '@retail-hub/shared';
import { IconTool } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { MaintenanceTab } from './maintenance-tab';
import { RegisterTab } from './register-tab';
import { SafetyTab } from './safety-checks';
import { WriteoffsTab } from './writeoffs-tab';

/** Issue #17: the asset register at /assets (procurement shell): units, maintenance, safety, write-offs. */
export function AssetsScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const canManage = can(user?.role, 'assets.manage');
  const canDecide = can(user?.role, 'assets.oversee');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconTool size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Card withBorder component="section" aria-label="Asset register">
        <Tabs defaultValue="register" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="register">Register</Tabs.Tab>
            <Tabs.Tab value="maintenance">Maintenance</Tabs.Tab>
            <Tabs.Tab value="safety">Safety checks</Tabs.Tab>
            <Tabs.Tab value="writeoffs">Write-offs</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="register" pt="md">
            <RegisterTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="maintenance" pt="md">
            <MaintenanceTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="safety" pt="md">
            <SafetyTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="writeoffs" pt="md">
            <WriteoffsTab canManage={canManage} canDecide={canDecide} userId={user?.id} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
