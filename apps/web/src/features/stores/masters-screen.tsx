import { Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { can } from '@retail-hub/shared';
import { IconListDetails } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { CategoriesTab } from './masters-categories';
import { ItemsTab } from './masters-items';
import { LocationsTab } from './masters-locations';
import { SuppliersTab } from './masters-suppliers';

/**
 * Issue #16 item 1: the purchasing masters (items, suppliers, locations, categories): list,
 * search, create, edit, archive and restore, CSV export and import with a per-row report. Reading
 * is stores.view, writing stores.manage (the server decides; the buttons follow). Every tab is a
 * MasterTab (master-tab.tsx); a file per tab beside this one (masters-items, masters-suppliers,
 * masters-locations, masters-categories) holds what differs: the forms and the columns.
 */

export function StoresMastersScreen({ title }: { title: string }) {
  const { user } = useAuth();
  const canManage = can(user?.role, 'stores.manage');
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconListDetails size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Card withBorder component="section" aria-label={title}>
        <Tabs defaultValue="items" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="items">Items</Tabs.Tab>
            <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
            <Tabs.Tab value="locations">Locations</Tabs.Tab>
            <Tabs.Tab value="categories">Categories</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="items" pt="md">
            <ItemsTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="suppliers" pt="md">
            <SuppliersTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="locations" pt="md">
            <LocationsTab canManage={canManage} />
          </Tabs.Panel>
          <Tabs.Panel value="categories" pt="md">
            <CategoriesTab canManage={canManage} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
