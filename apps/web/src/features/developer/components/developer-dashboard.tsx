import { Tabs } from '@mantine/core';
import { IconActivity, IconHeartbeat, IconLayoutDashboard, IconMail, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ActivityTab } from './activity-tab';
import { HealthTab } from './health-tab';
import { OutboxTab } from './outbox-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';

/**
 * spec §2 Developer dashboard tabs: Overview, User Activity, User Management, System Health;
 * plus Outbox, where the super admin reads staff e-mail that was not sent (issue #6). Only the
 * open tab is mounted, so only its queries poll (spec §9: stats 30 s, activity 15 s, health 60 s).
 */
export function DeveloperTabs() {
  const [tab, setTab] = useState<string | null>('overview');
  return (
    <Tabs value={tab} onChange={setTab} variant="outline" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={18} aria-hidden />}>
          Overview
        </Tabs.Tab>
        <Tabs.Tab value="activity" leftSection={<IconActivity size={18} aria-hidden />}>
          User Activity
        </Tabs.Tab>
        <Tabs.Tab value="users" leftSection={<IconUsers size={18} aria-hidden />}>
          User Management
        </Tabs.Tab>
        <Tabs.Tab value="health" leftSection={<IconHeartbeat size={18} aria-hidden />}>
          System Health
        </Tabs.Tab>
        <Tabs.Tab value="outbox" leftSection={<IconMail size={18} aria-hidden />}>
          Outbox
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview">
        <OverviewTab />
      </Tabs.Panel>
      <Tabs.Panel value="activity">
        <ActivityTab />
      </Tabs.Panel>
      <Tabs.Panel value="users">
        <UsersTab />
      </Tabs.Panel>
      <Tabs.Panel value="health">
        <HealthTab />
      </Tabs.Panel>
      <Tabs.Panel value="outbox">
        <OutboxTab />
      </Tabs.Panel>
    </Tabs>
  );
}
