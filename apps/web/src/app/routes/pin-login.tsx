import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { homePathFor } from '@retail-hub/shared';
import { IconBuildingStore } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PinLoginForm } from '@/features/auth/components/pin-login-form';

/** spec §2 PIN login. Shown at /pin-login and, when signed out, in place of any protected screen. */
export default function PinLoginPage() {
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" bg="gray.1" p="md" component="main">
      <Paper w="100%" maw={420} p="xl" shadow="md" withBorder>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <ThemeIcon size={56} radius="xl" aria-hidden>
              <IconBuildingStore size={30} stroke={1.75} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Retail Hub
            </Title>
            <Text c="dimmed">Enter your 4-digit PIN</Text>
          </Stack>
          <Box>
            {/* spec §2: super_admin to /super-admin, manager to /, everyone else to /pos. */}
            <PinLoginForm onSuccess={(user) => navigate(homePathFor(user.role), { replace: true })} />
          </Box>
        </Stack>
      </Paper>
    </Center>
  );
}
