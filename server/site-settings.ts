/**
 * Settings every process on one database shares (issue 5: "the outbox keeps links built from the
 * server's PUBLIC_URL even when the CLI queues the message"). The server records its `PUBLIC_URL`
 * at start; the CLI (`npm run import`) composes e-mails with that address instead of its own
 * default, so links in e-mails queued by an import point at the running site.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { siteSettings } from './db/schema/site-settings.schema';

const PUBLIC_URL_KEY = 'public_url';

/** Records the server's public origin (no trailing slash) at `now`. */
export async function recordPublicUrl(db: Db, publicUrl: string, now: Date): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: PUBLIC_URL_KEY, value: publicUrl, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: publicUrl, updatedAt: now } });
}

/** The public origin the server last recorded, or null when no server has started on this database. */
export async function recordedPublicUrl(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PUBLIC_URL_KEY)).limit(1);
  return row?.value ?? null;
}
