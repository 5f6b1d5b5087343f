import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDeviceDesktop, IconDeviceTablet, IconUnlink } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { useDisplayPairing, useUnpairDisplay } from '../api/customer-display';
import { openCustomerDisplay } from '../hooks/use-customer-display';
import { PairDisplayDialog } from './pair-display-dialog';

/**
 * Issue #36 item 4: the customer display, in its own window on this computer (a second screen), or
 * on another device paired by a code (ADR 0033).
 */
export function CustomerDisplayButton() {
  const { terminalId } = useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState);
  const paired = useDisplayPairing(terminalId).data?.paired === true;
  const unpair = useUnpairDisplay();
  const [pairing, setPairing] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDeviceDesktop size={18} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Customer Display
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconDeviceDesktop size={16} aria-hidden />} onClick={openCustomerDisplay}>
            Open on This Computer
          </Menu.Item>
          <Menu.Item leftSection={<IconDeviceTablet size={16} aria-hidden />} onClick={() => setPairing(true)}>
            Pair a Customer Display
          </Menu.Item>
          {paired && terminalId ? (
            <Menu.Item
              color="red"
              leftSection={<IconUnlink size={16} aria-hidden />}
              onClick={() => unpair.mutate(terminalId)}
            >
              Unpair the Customer Display
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <PairDisplayDialog terminalId={terminalId} opened={pairing} onClose={() => setPairing(false)} />
    </>
  );
}
