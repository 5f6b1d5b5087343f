import { Group, Modal, Text } from '@mantine/core';
import { IconGripHorizontal } from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';

type DraggableModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: string | number;
  children: ReactNode;
  /** Closing by Escape or outside click is off while something is pending. */
  isBusy?: boolean;
};

/**
 * spec §2 'A draggable modal': a Mantine modal whose title bar is a drag handle, so the cashier
 * can move it off the cart or the product they need to see. Uses the CSS `translate` property,
 * which composes with the transform of Mantine's open transition instead of fighting it.
 */
export function DraggableModal({ opened, onClose, title, size = 'md', children, isBusy = false }: DraggableModalProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; baseX: number; baseY: number } | null>(null);

  // Each opening starts centred.
  useEffect(() => {
    if (opened) setOffset({ x: 0, y: 0 });
  }, [opened]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return; // the close button stays a button
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      baseX: offset.x,
      baseY: offset.y,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    // Keep the title bar on screen so the dialog can always be dragged back.
    const maxX = window.innerWidth / 2;
    const maxY = window.innerHeight / 2 - 24;
    const clamp = (value: number, max: number) => Math.max(-max, Math.min(max, value));
    setOffset({
      x: clamp(start.baseX + event.clientX - start.startX, maxX),
      y: clamp(start.baseY + event.clientY - start.startY, maxY),
    });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      closeOnEscape={!isBusy}
      closeOnClickOutside={!isBusy}
      // On the content only: a `style` on Modal.Content also lands on its full-screen wrapper.
      styles={{ content: { translate: `${offset.x}px ${offset.y}px` } }}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="draggable-modal">
        <Modal.Header
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{ cursor: 'move', touchAction: 'none', userSelect: 'none' }}
          data-testid="drag-handle"
        >
          <Group gap="xs" wrap="nowrap">
            <IconGripHorizontal size={18} aria-hidden color="var(--mantine-color-gray-6)" />
            <Modal.Title>
              <Text fw={700} size="lg" component="span">
                {title}
              </Text>
            </Modal.Title>
          </Group>
          <Modal.CloseButton aria-label="Close" disabled={isBusy} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
