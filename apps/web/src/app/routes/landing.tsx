import { Button, Center, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconBuildingWarehouse, IconCashRegister, IconLock, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { publicPaths } from '../paths';

const AREAS = [
  { icon: IconCashRegister, label: 'Point of Sale' },
  { icon: IconPackage, label: 'Inventory' },
  { icon: IconBuildingWarehouse, label: 'Procurement' },
];

/** spec §1: the landing screen shown at / when not signed in. */
export default function LandingPage() {
  return (
    <Center mih="100dvh" bg="gray.1" p="md" component="main">
      <Paper w="100%" maw={560} p={{ base: 'xl', sm: 48 }} shadow="md" withBorder>
        <Stack align="center" gap="lg" ta="center">
          <ThemeIcon size={72} radius="xl" aria-hidden>
            <IconBuildingStore size={40} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={6} align="center">
            <Title order={1}>Retail Hub</Title>
            <Text size="lg" c="dimmed">
              Professional Point of Sale &amp; Procurement System
            </Text>
          </Stack>
          <SimpleGrid cols={3} spacing="sm" w="100%">
            {AREAS.map(({ icon: Icon, label }) => (
              <Stack key={label} gap={6} align="center">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} stroke={1.75} />
                </ThemeIcon>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Button
            component={Link}
            to={publicPaths.pinLogin}
            size="xl"
            fullWidth
            leftSection={<IconLock size={22} aria-hidden />}
          >
            PIN Login
          </Button>
          <Text size="sm" c="dimmed">
            Staff sign in with their 4-digit PIN.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
