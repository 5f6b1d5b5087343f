/**
 * `npm run audit:stock` (issue #32 item 5, ADR 0025): prints every stock quantity that disagrees
 * with its ledger and every ledger row whose document is missing; exit code 1 when anything
 * disagrees. Uses the app's settings (DATA_DIR, DATABASE_URL, EMBEDDED_DATABASE) like `npm run
 * backup`; PGlite cannot be opened by two processes, so stop the app first on that engine.
 */
import { ConfigError, loadConfig } from '../../config/config';
import { openTarget } from '../../db/open-target';
import { auditStock } from './stock-audit.repository';

async function main(): Promise<number> {
  const config = loadConfig();
  const { database, where } = await openTarget(config);
  try {
    const { checked, disagreements } = await auditStock(database.db);
    console.log(
      `audit:stock: ${where}: ${checked} quantities and ledger rows checked, ${disagreements.length} disagree`,
    );
    for (const d of disagreements)
      console.log(`  ${d.kind}: ${d.subject}: ${d.actual} (ledger/document: ${d.expected})`);
    return disagreements.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
