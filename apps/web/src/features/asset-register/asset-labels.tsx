import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import type { Asset, AssetPage } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { registerPaths } from './api';

/** One asset-tag label: a QR code and a Code 128 barcode of the tag (read by the scanners we support). */
function Label({ asset }: { asset: Asset }) {
  const tag = asset.assetTag ?? asset.id;
  const [qr, setQr] = useState<string | null>(null);
  const barcode = useRef<SVGSVGElement>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(tag, { margin: 1, width: 160, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [tag]);
  useEffect(() => {
    const svg = barcode.current;
    if (!svg) return;
    // JsBarcode sizes the svg in px from the module width (about 290px for a 13-character tag),
    // wider than a label. Drawn with a quiet zone of 10 modules, then given a viewBox of that
    // size and 100% width, it scales to the label's full width at any size, on screen and in print.
    JsBarcode(svg, tag, {
      format: 'CODE128',
      height: 50,
      width: 2,
      fontSize: 16,
      margin: 0,
      marginLeft: 20,
      marginRight: 20,
      marginBottom: 4,
    });
    const width = svg.getAttribute('width');
    const height = svg.getAttribute('height');
    if (width && height) {
      svg.setAttribute('viewBox', `0 0 ${Number.parseFloat(width)} ${Number.parseFloat(height)}`);
      svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.style.removeProperty('transform');
    }
  }, [tag]);
  return (
    <div className="asset-label" data-testid="asset-label">
      <div className="asset-label-head">
        {qr ? (
          <img className="asset-label-qr" src={qr} alt={`QR code of ${tag}`} width={96} height={96} />
        ) : (
          <div className="asset-label-qr" style={{ width: 96 }} />
        )}
        <div style={{ minWidth: 0 }}>
          <Text className="asset-label-tag" fw={700} ff="monospace" size="lg" style={{ overflowWrap: 'anywhere' }}>
            {tag}
          </Text>
          <Text size="sm" truncate>
            {asset.itemName}
          </Text>
          {asset.serialNumber ? <Text size="xs">S/N {asset.serialNumber}</Text> : null}
        </div>
      </div>
      <svg ref={barcode} className="asset-label-barcode" role="img" aria-label={`Barcode of ${tag}`} />
    </div>
  );
}

/** Issue #17 item 1: printable asset-tag labels at /assets/labels?ids=…, three across on A4. */
export function AssetLabels() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean).slice(0, 200);
  const assets = useQuery<AssetPage>({
    queryKey: [registerPaths.assets, { ids: ids.join(','), pageSize: 200 }],
    enabled: ids.length > 0,
  });
  if (ids.length === 0) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Asset Labels
        </Title>
        <Alert color="blue" title="No units chosen">
          Choose units in the register under Assets and choose Print labels.
        </Alert>
      </Container>
    );
  }
  if (assets.isPending) return <PanelLoading />;
  if (assets.isError) {
    return (
      <Container py="xl">
        <Title order={1} size="h2" mb="md">
          Asset Labels
        </Title>
        <Alert color="red" title="The labels could not be loaded">
          {serverMessage(assets.error) ?? 'Please try again.'}
        </Alert>
      </Container>
    );
  }
  // Issue #30 item 20: written-off units get no label, however their ids reached this page.
  const labelled = assets.data.assets.filter((a) => a.state !== 'written_off');
  const skipped = assets.data.assets.length - labelled.length;
  return (
    <Container size="lg" py="lg">
      <style>{`
        .asset-labels { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
        .asset-label { display: flex; flex-direction: column; gap: 6px; border: 1px dashed #868e96; border-radius: 6px;
          padding: 10px; break-inside: avoid; background: #fff; color: #000; min-width: 0; overflow: hidden; }
        .asset-label-head { display: flex; gap: 12px; align-items: center; min-width: 0; }
        .asset-label-qr { flex-shrink: 0; }
        .asset-label-barcode { display: block; width: 100%; height: auto; max-height: 80px; }
        @media print {
          .no-print { display: none !important; }
          body { background: #fff; }
          .asset-labels { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 4mm; }
          .asset-label-barcode { max-height: 18mm; }
          .asset-label-qr { width: 72px; height: 72px; }
          .asset-label-tag { font-size: 11pt; }
        }
      `}</style>
      <Group justify="space-between" className="no-print" mb="md">
        <Title order={1} size="h2">
          Asset Labels
        </Title>
        <Group>
          <Text size="sm">{labelled.length} labels</Text>
          <Button onClick={() => window.print()} disabled={labelled.length === 0}>
            Print
          </Button>
        </Group>
      </Group>
      {skipped > 0 ? (
        <Alert color="yellow" className="no-print" mb="md" data-testid="labels-skipped">
          {skipped === 1 ? '1 chosen unit is' : `${skipped} chosen units are`} written off: no label is printed for{' '}
          {skipped === 1 ? 'it' : 'them'}.
        </Alert>
      ) : null}
      <div className="asset-labels">
        {labelled.map((a) => (
          <Label key={a.id} asset={a} />
        ))}
      </div>
    </Container>
  );
}
