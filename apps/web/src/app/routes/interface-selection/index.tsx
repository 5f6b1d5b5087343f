import { Alert, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Screen } from '@retail-hub/shared';
import { IconArrowRight, IconBuildingStore, IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserIdentity } from '@/components/user-identity';
import { useAuth } from '@/lib/auth';
import { chooserColumns, interfaceCardsFor } from './interface-cards';
import classes from './interface-selection.module.css';

/** spec §2 Interface chooser, at / and /interface-selection. */
export default function InterfaceSelectionPage({ screen }: { screen: Screen }) {
  const { user, logout } = useAuth();
  if (!user) return null;
  const cards = interfaceCardsFor(user.role);
  const columns = chooserColumns(user.role);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" aria-hidden>
                <IconBuildingStore size={24} stroke={1.75} />
              </ThemeIcon>
              <Text fw={700} size="lg" visibleFrom="xs">
                Retail Hub
              </Text>
            </Group>
            <Group gap="lg" wrap="nowrap" miw={0}>
              <UserIdentity user={user} />
              {/* spec §4: logout lands on /pin-login even when the call fails (lib/auth). */}
              <Button
                variant="default"
                leftSection={<IconLogout size={20} aria-hidden />}
                onClick={() => void logout()}
              >
                Logout
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 'xl', md: 48 }} component="main">
        <Stack gap="xl">
          <Stack gap="xs" ta="center" align="center">
            <Title order={1}>{screen.title}</Title>
            <Text size="lg" c="dimmed" maw={640}>
              Choose your interface to get started with your business management experience
            </Text>
          </Stack>

          <SimpleGrid
            cols={{ base: 1, sm: Math.min(columns, 2), lg: columns }}
            spacing="lg"
            data-testid="interface-grid"
            data-columns={columns}
            maw={columns === 1 ? 520 : undefined}
            mx={columns === 1 ? 'auto' : undefined}
            w="100%"
          >
            {cards.map((card) => (
              <Card
                key={card.id}
                component={Link}
                to={card.to}
                className={classes.card}
                aria-label={card.title}
                aria-describedby={`interface-card-${card.id}-description`}
                data-testid={`interface-card-${card.id}`}
                shadow="sm"
              >
                <Stack gap="md" h="100%">
                  <ThemeIcon size={56} radius="md" variant="light" aria-hidden>
                    <card.icon size={32} stroke={1.6} />
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    {card.title}
                  </Title>
                  <Text c="dimmed" id={`interface-card-${card.id}-description`} style={{ flexGrow: 1 }}>
                    {card.description}
                  </Text>
                  {/* Looks like a button; the card around it is the link. */}
                  <Button component="span" size="lg" fullWidth rightSection={<IconArrowRight size={20} aria-hidden />}>
                    Open
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>

          {user.role === 'cashier' ? (
            <Alert
              variant="light"
              color="navy"
              icon={<IconInfoCircle aria-hidden />}
              maw={520}
              mx="auto"
              w="100%"
              data-testid="cashier-note"
            >
              The POS interface is optimised for your daily sales tasks. Procurement management is usually used by
              managers.
            </Alert>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
