import { Button } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { openCustomerDisplay } from '../hooks/use-customer-display';

/** Issue #36 item 4: opens the customer display (/display) in its own window, for a second screen. */
export function CustomerDisplayButton() {
  return (
    <Button variant="default" leftSection={<IconDeviceDesktop size={18} aria-hidden />} onClick={openCustomerDisplay}>
      Customer Display
    </Button>
  );
}
