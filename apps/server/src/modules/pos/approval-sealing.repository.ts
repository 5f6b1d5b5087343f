import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { approvalSealingKeys } from '../../db/schema/index';

/** The key terminals are given now (issue #19, ADR 0014). */
export async function activeSealingKey(db: DbOrTx) {
  const [row] = await db
    .select({ kid: approvalSealingKeys.kid, publicJwk: approvalSealingKeys.publicJwk })
    .from(approvalSealingKeys)
    .where(eq(approvalSealingKeys.active, true))
    .limit(1);
  return row ?? null;
}

export async function sealingKeyByKid(db: DbOrTx, kid: string) {
  const [row] = await db
    .select({ kid: approvalSealingKeys.kid, wrappedPrivateKey: approvalSealingKeys.wrappedPrivateKey })
    .from(approvalSealingKeys)
    .where(eq(approvalSealingKeys.kid, kid))
    .limit(1);
  return row ?? null;
}

/** Adds the active key unless another instance just did (the one-active unique index). */
export async function insertSealingKey(
  db: DbOrTx,
  key: { kid: string; publicJwk: Record<string, unknown>; wrappedPrivateKey: string },
): Promise<void> {
  await db
    .insert(approvalSealingKeys)
    .values({ ...key, active: true })
    .onConflictDoNothing();
}
