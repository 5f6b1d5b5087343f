import { Alert, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useStoreTimeZone } from '@/lib/auth';
import { usePinGuessing } from '../api/pin-guessing';

/** The window's start on the store's clock, like the dashboard's other times. */
function sinceTime(iso: string | null, timeZone: string | undefined): string {
  if (!iso) return '';
  return ` since ${new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', timeZone })}`;
}

/**
 * Issue #30 item 4: on the manager's dashboard, an alert once wrong PINs have tripped a store-wide
 * daily breaker (every further PIN check waits for a slot until the day's window ends). Nothing
 * shows while both are below their limits.
 */
export function PinGuessingCard() {
  const alert = usePinGuessing();
  const timeZone = useStoreTimeZone();
  const known = alert.data?.known;
  const unknown = alert.data?.unknown;
  if (!known?.tripped && !unknown?.tripped) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconShieldLock aria-hidden />}
      title="Possible PIN guessing"
      data-testid="pin-guessing"
    >
      {known?.tripped ? (
        <Text size="sm">
          {known.failures} wrong PINs{sinceTime(known.since, timeZone)} from staff who are signed in or on known tills
          (limit {known.threshold} a day). Sign-ins and manager approvals are slowed to a few a minute until the day
          ends.
        </Text>
      ) : null}
      {unknown?.tripped ? (
        <Text size="sm">
          {unknown.failures} wrong PINs{sinceTime(unknown.since, timeZone)} from devices that never signed in (limit{' '}
          {unknown.threshold} a day). New devices sign in slowly; known tills are not affected.
        </Text>
      ) : null}
      <Text size="sm">The attempts are in the activity log with the device and staff member.</Text>
    </Alert>
  );
}
