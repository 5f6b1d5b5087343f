import { describe, expect, it } from 'vitest';
import { testConfig } from './config/config';
import { databaseDescription, startupBanner } from './startup-banner';

/** Issue #13 item 21: `npm start` prints a readable banner, without secrets. */
describe('the start-up banner', () => {
  it('names the URL, the LAN address, the embedded database folder, the demo PINs hint and the request log setting', () => {
    const banner = startupBanner(
      testConfig({ port: 3000, host: '0.0.0.0', dataDir: '/srv/rh', demoData: true, logLevel: 'info' }),
      ['192.168.1.20'],
    );
    expect(banner).toContain('Retail Hub is ready.');
    expect(banner).toContain('http://localhost:3000  (tablets on this network: http://192.168.1.20:3000)');
    expect(banner).toContain('embedded PostgreSQL in /srv/rh/postgres');
    expect(banner).toContain('see "Demo PINs" in README.md');
    expect(banner).toContain('request lines off (LOG_REQUESTS=true turns them on)');
    expect(banner).not.toMatch(/\{|\}/);
  });

  it('shows a PostgreSQL server by host and database, never its password', () => {
    const text = databaseDescription({ databaseUrl: 'postgres://shop:s3cret@db.local:5433/retail', dataDir: '' });
    expect(text).toBe('PostgreSQL at db.local:5433, database retail');
    const banner = startupBanner(
      testConfig({ databaseUrl: 'postgres://shop:s3cret@db.local:5433/retail', logRequests: true }),
    );
    expect(banner).not.toContain('s3cret');
    expect(banner).toContain('request lines on');
  });
});
