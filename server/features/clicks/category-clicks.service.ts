/**
 * Category button clicks (shopper-screens §7 POST /api/category-clicks; issue 8; issue 25
 * "Analytics only from real shoppers"). Counted only for a category we have: one of the ten
 * shopper categories (common/categories.ts), `trending` (the home page's own list, its first
 * button) or an owners' category page that is active now (asked of the category-pages service).
 * The stored name is ours for that slug (the button label, or the page's name), never the text the
 * client sent; the page URL is kept as scheme, host and path only (server/http/stored-referrer.ts);
 * the address only with that address's visitor token (click-attribution.rules.ts).
 */
import { SHOPPER_CATEGORIES } from '../../../common/categories';
import { categoryPageSlugSchema } from '../../../common/api/deals.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { storedReferrer } from '../../http/stored-referrer';
import { getCategoryPage } from '../category-pages';
import { attributedEmail } from './click-attribution.rules';
import { insertCategoryClick } from './clicks.queries';

/** The home page's own list (its first category button, shopper-screens §2). */
export const HOME_CATEGORY_SLUG = 'trending';

/** The 400 message for any other slug: names the field and the rule. */
export const UNKNOWN_CATEGORY_MESSAGE =
  "categorySlug: must be one of the ten shopper categories, 'trending' (the home page) or an owners' category page";

/** Button label of the home page's buttons by slug: 'Trending', then each category's label ('Kitchen', …). */
const HOME_BUTTON_NAMES: ReadonlyMap<string, string> = new Map([
  [HOME_CATEGORY_SLUG, 'Trending'],
  ...SHOPPER_CATEGORIES.map((c): [string, string] => [c.key, c.buttonLabel]),
]);

/** A category button click, already validated by categoryClickSchema (shopper-screens §7). */
export interface CategoryClickRecord {
  categoryName: string;
  categorySlug: string;
  userEmail?: string | null;
  pageUrl?: string | null;
}

/** Our name for `slug`: a home button's label, an active owners' page's name, or null for anything else. */
async function knownCategoryName(db: Db, slug: string): Promise<string | null> {
  const home = HOME_BUTTON_NAMES.get(slug);
  if (home !== undefined) return home;
  if (!categoryPageSlugSchema.safeParse(slug).success) return null;
  const page = await getCategoryPage(db, slug);
  return page.ok ? page.value.categoryPage.name : null;
}

/**
 * Stores a category button click at `now`, or invalid {@link UNKNOWN_CATEGORY_MESSAGE} (nothing
 * stored) for a slug we do not have. `provenEmail`: the address of the request's visitor token, if
 * any; `userEmail` is stored only when it is that address (else null, the admin's 'Anonymous').
 * Throws what the database throws.
 */
export async function recordCategoryClick(
  db: Db,
  input: CategoryClickRecord,
  provenEmail: string | null,
  now: Date,
): Promise<Outcome<{ recorded: true }>> {
  const slug = input.categorySlug.trim();
  const name = await knownCategoryName(db, slug);
  if (name === null) return fail('invalid', UNKNOWN_CATEGORY_MESSAGE);
  await insertCategoryClick(db, {
    categoryName: name,
    categorySlug: slug,
    userEmail: attributedEmail(input.userEmail, provenEmail),
    pageUrl: storedReferrer(input.pageUrl),
    clickedAt: now,
  });
  return ok({ recorded: true as const });
}
