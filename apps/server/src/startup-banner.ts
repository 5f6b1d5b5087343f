import type { Config } from './config/config';

/** Where the data lives, without credentials: the embedded folder or the server's host and database. */
export function databaseDescription(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded PostgreSQL in ${config.dataDir}/postgres`;
  try {
    const url = new URL(config.databaseUrl);
    const name = url.pathname.replace(/^\//, '') || '(default database)';
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}, database ${name}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The lines `npm start` prints once the server listens (issue #13 item 21): where to open it, which
 * database it uses, how to sign in and what the log will show. Plain text on stdout, never
 * through the logger, so it reads the same whatever LOG_FORMAT is. Secrets and PINs are not
 * printed: the demo PINs are in the README.
 */
export function startupBanner(
  config: Pick<Config, 'port' | 'host' | 'databaseUrl' | 'dataDir' | 'demoData' | 'logRequests' | 'logLevel'>,
  /** The non-loopback IPv4 addresses the server listens on (tablets on the LAN use them). */
  lanAddresses: readonly string[] = [],
  /** What the embedded database reported about itself (engine and folder); default: from config. */
  database: string = databaseDescription(config),
): string {
  const anyInterface = config.host === '0.0.0.0' || config.host === '::';
  const local = `http://${anyInterface ? 'localhost' : config.host}:${config.port}`;
  const lan = lanAddresses.map((address) => `http://${address}:${config.port}`).join(', ');
  const rows: [string, string][] = [
    ['Open', anyInterface && lan ? `${local}  (tablets on this network: ${lan})` : local],
    ['Database', database],
    [
      'Sign in',
      config.demoData
        ? 'with a demo PIN: see "Demo PINs" in README.md'
        : 'with your staff PIN (DEMO_DATA=false: no demo staff)',
    ],
    [
      'Log',
      `${config.logLevel} and above; request lines ${config.logRequests ? 'on' : 'off (LOG_REQUESTS=true turns them on)'}`,
    ],
    ['Stop', 'Ctrl+C'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    '  Retail Hub is ready.',
    ...rows.map(([label, text]) => `    ${label.padEnd(width)}  ${text}`),
    '',
    '',
  ].join('\n');
}
