/**
 * The public settings the browser needs (affiliate tags, demo flag, version, company details) and the catalogue
 * size, so an empty catalogue shows onboarding instead of an empty grid (issue #2 part 1).
 */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { publicConfigSchema } from '../../../common/api/products.schema';
import type { Db } from '../../db/client';
import { products, shopperVisible } from '../../db/schema/catalogue.schema';
import type { Env } from '../../env';

/** GET /api/config's answer. Throws what the database throws. */
export async function publicConfig(
  db: Db,
  settings: {
    env: Pick<Env, 'AFFILIATE_TAG' | 'AFFILIATE_TAG_NEW_USER' | 'COMPANY_NAME' | 'COMPANY_ADDRESS' | 'CONTACT_EMAIL'>;
    demo?: boolean;
    version?: string;
  },
): Promise<z.infer<typeof publicConfigSchema>> {
  // Shoppers' count: an owner's inactive products left out (decision 0034).
  const [row] = await db.select({ n: count() }).from(products).where(shopperVisible);
  return {
    affiliateTag: settings.env.AFFILIATE_TAG,
    affiliateTagNewUser: settings.env.AFFILIATE_TAG_NEW_USER,
    demo: Boolean(settings.demo),
    version: settings.version ?? '0.0.0',
    catalogueSize: Number(row?.n ?? 0),
    companyName: settings.env.COMPANY_NAME,
    companyAddress: settings.env.COMPANY_ADDRESS,
    contactEmail: settings.env.CONTACT_EMAIL,
  };
}
