import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/**
 * The shortcut of a control, shown on hover and on keyboard focus (issue #22). The delays are the
 * terminal's Tooltip.Group (spec §9: open 700 ms, skip 300 ms).
 */
export function ShortcutTooltip({ keys, label, children }: { keys: string; label?: string; children: ReactElement }) {
  return (
    <Tooltip
      label={label ? `${label} (${keys})` : `Shortcut: ${keys}`}
      events={{ hover: true, focus: true, touch: false }}
      withArrow
    >
      {children}
    </Tooltip>
  );
}
