import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** The signature drawn with a finger, stylus or mouse (signature_pad), sent as a PNG data URL. */
export function SignatureField({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
    signature.addEventListener('endStroke', () =>
      onChange(signature.isEmpty() ? null : signature.toDataURL('image/png')),
    );
    pad.current = signature;
    return () => signature.off();
  }, [onChange]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-label">
        Signature of the person accepting
      </Text>
      <canvas
        ref={canvas}
        aria-labelledby="signature-label"
        role="img"
        data-testid="signature-canvas"
        style={{
          width: '100%',
          maxWidth: 480,
          height: 160,
          border: '1px solid #868e96',
          borderRadius: 4,
          touchAction: 'none',
        }}
      />
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}
