import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { posSettings } from '../../db/schema/index';

const CAPS_KEY = 'discount_caps';

/** The stored caps (null when never set: the defaults apply). */
export async function readStoredCaps(db: DbOrTx): Promise<unknown> {
  const [row] = await db.select({ value: posSettings.value }).from(posSettings).where(eq(posSettings.key, CAPS_KEY));
  return row?.value ?? null;
}

export async function writeStoredCaps(db: DbOrTx, value: Record<string, number>, userId: string): Promise<void> {
  await db
    .insert(posSettings)
    .values({ key: CAPS_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: posSettings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}
