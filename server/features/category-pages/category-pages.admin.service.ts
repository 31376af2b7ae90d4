/**
 * The owners' category-page writes (admin-area §2 "Categories tab", §5 "Create category", §7;
 * issue 11 part 3): create, update (the inline affiliate-tag edit), delete, add and remove
 * products, and the list with product counts. Plain values in, outcomes out.
 *
 * Every write is one transaction that also writes its audit entry (features/audit) and bumps the
 * catalogue version (server/catalogue-version.ts), so cached public answers built from the page —
 * the first HTML of `/category/{slug}` and `/{slug}`, the sitemap — are dropped at its commit.
 */
import {
  categoryPageSlug,
  CATEGORY_PAGE_MAX_PRODUCTS,
  type AdminCategoryPage,
  type CategoryPageDeleted,
  type CategoryPageProductsAdded,
  type CategoryPageProductsRemoved,
} from '../../../common/api/category-pages.admin.schema';
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import type { Db, Tx } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import {
  countPageProducts,
  deletePage,
  deletePageProductsByAsin,
  findPage,
  insertPage,
  insertPageProducts,
  listPagesWithCounts,
  maxPosition,
  productIdsByAsin,
  productIdsOnPage,
  touchPage,
  updatePage,
  type PageRow,
} from './category-pages.admin.queries';

/** Who acts, and when (the request's clock). */
export interface AdminActor {
  adminId: number;
  now: Date;
}

/** The page as the owners' API answers it (times ISO 8601). */
export function toAdminPage(row: PageRow): AdminCategoryPage {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    affiliateTag: row.affiliateTag,
    isActive: row.isActive,
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const noPageWithId = (id: number) => fail('not-found', `id: there is no category page ${id}`);
export const noPageWithSlug = (slug: string) => fail('not-found', `slug: there is no category page "${slug}"`);

/**
 * Runs `work` as one write of the owners: one transaction, the audit entry and the catalogue
 * version bump when `work` succeeds; nothing written when it fails (its outcome is answered).
 */
export async function adminWrite<T>(
  db: Db,
  actor: AdminActor,
  work: (tx: Tx) => Promise<Outcome<T> & { audit?: { action: string; target: string; counts?: Record<string, number> } }>,
): Promise<Outcome<T>> {
  return catalogueTransaction(db, async (tx) => {
    const outcome = await work(tx);
    if (outcome.ok && outcome.audit) {
      await recordAdminAction(tx, { adminId: actor.adminId, ...outcome.audit }, actor.now);
      await noteCatalogueWrite(tx);
    }
    if (!outcome.ok) return outcome;
    return ok(outcome.value);
  });
}

/** `GET /api/category-pages` (admin): every page with its product count, by name. */
export async function listCategoryPagesForAdmin(db: Db): Promise<{ categoryPages: AdminCategoryPage[] }> {
  return { categoryPages: (await listPagesWithCounts(db)).map(toAdminPage) };
}

/** A parsed `POST /api/category-pages` body (common/api/category-pages.admin.schema.ts). */
export interface CreatePageInput {
  name: string;
  description: string;
  affiliateTag?: string;
  slug?: string;
}

/**
 * Creates an active page named `input.name` with the slug of admin-area §5. A blank tag becomes
 * `defaultTag` (the site's standard tag). Fails `invalid` when a given slug is not the name's,
 * `conflict` when a page already has that slug.
 */
export async function createCategoryPage(
  db: Db,
  actor: AdminActor,
  defaultTag: string,
  input: CreatePageInput,
): Promise<Outcome<{ categoryPage: AdminCategoryPage }>> {
  const slug = categoryPageSlug(input.name);
  if (input.slug !== undefined && input.slug !== '' && input.slug !== slug) {
    return fail('invalid', `slug: must be "${slug}", the slug of the name (lower case, hyphens between words)`);
  }
  return adminWrite(db, actor, async (tx) => {
    const row = await insertPage(tx, {
      slug,
      name: input.name,
      description: input.description,
      affiliateTag: input.affiliateTag || defaultTag,
      at: actor.now,
    });
    if (!row) return fail('conflict', `slug: a category page "${slug}" already exists; choose another name`);
    return { ...ok({ categoryPage: toAdminPage(row) }), audit: { action: 'category-pages.create', target: slug } };
  });
}

/** A parsed `PUT /api/category-pages/{id}` body: the fields to change. */
export interface UpdatePageInput {
  affiliateTag?: string;
  name?: string;
  description?: string;
}

/** Changes the given fields of page `id` (never its slug); not-found when there is no such page. */
export async function updateCategoryPage(
  db: Db,
  actor: AdminActor,
  id: number,
  input: UpdatePageInput,
): Promise<Outcome<{ categoryPage: AdminCategoryPage }>> {
  return adminWrite(db, actor, async (tx) => {
    if (!(await updatePage(tx, id, { ...input, updatedAt: actor.now }))) return noPageWithId(id);
    const row = (await findPage(tx, { id })) as PageRow;
    // The spec's one edit is the inline affiliate-tag edit: say so in the log when that is all it was.
    const tagOnly = Object.entries(input).every(([field, value]) => value === undefined || field === 'affiliateTag');
    return {
      ...ok({ categoryPage: toAdminPage(row) }),
      audit: { action: tagOnly ? 'category-pages.update-tag' : 'category-pages.update', target: row.slug },
    };
  });
}

/** Deletes page `id` and its product links (the products stay in the catalogue). */
export async function deleteCategoryPage(db: Db, actor: AdminActor, id: number): Promise<Outcome<CategoryPageDeleted>> {
  return adminWrite(db, actor, async (tx) => {
    const page = await findPage(tx, { id });
    if (!page || !(await deletePage(tx, id))) return noPageWithId(id);
    return {
      ...ok({ deleted: { id, slug: page.slug, name: page.name }, removedProducts: page.productCount }),
      audit: { action: 'category-pages.delete', target: page.slug, counts: { removedProducts: page.productCount } },
    };
  });
}

/** One product asked for, with the CSV line that named it (none for a JSON call). */
export interface AsinItem {
  asin: string;
  line?: number;
}

/** What {@link appendProducts} did with each item. */
export interface AppendResult {
  added: number;
  alreadyOnPage: number;
  notInCatalogue: AsinItem[];
  overLimit: AsinItem[];
  productCount: number;
}

/**
 * Appends the catalogue products named by `items` (distinct ASINs, in order) to `page` after its
 * last position, up to {@link CATEGORY_PAGE_MAX_PRODUCTS} on the page. Runs inside the caller's
 * transaction.
 */
export async function appendProducts(tx: Tx, page: PageRow, items: readonly AsinItem[], now: Date): Promise<AppendResult> {
  const ids = await productIdsByAsin(
    tx,
    items.map((i) => i.asin),
  );
  const known = items.filter((i) => ids.has(i.asin));
  const onPage = await productIdsOnPage(
    tx,
    page.id,
    known.map((i) => ids.get(i.asin) as number),
  );
  const fresh = known.filter((i) => !onPage.has(ids.get(i.asin) as number));
  const before = await countPageProducts(tx, page.id);
  const room = Math.max(0, CATEGORY_PAGE_MAX_PRODUCTS - before);
  const taken = fresh.slice(0, room);
  let position = await maxPosition(tx, page.id);
  const added = await insertPageProducts(
    tx,
    page.id,
    taken.map((i) => ({ productId: ids.get(i.asin) as number, position: ++position })),
    now,
  );
  if (added > 0) await touchPage(tx, page.id, now);
  return {
    added,
    alreadyOnPage: known.length - fresh.length,
    notInCatalogue: items.filter((i) => !ids.has(i.asin)),
    overLimit: fresh.slice(room),
    productCount: before + added,
  };
}

/** `POST /api/category-pages/{slug}/products`: adds the named products (duplicates named once). */
export async function addCategoryPageProducts(
  db: Db,
  actor: AdminActor,
  slug: string,
  asins: readonly string[],
): Promise<Outcome<CategoryPageProductsAdded>> {
  const items = [...new Set(asins)].map((asin) => ({ asin }));
  return adminWrite(db, actor, async (tx) => {
    const page = await findPage(tx, { slug });
    if (!page) return noPageWithSlug(slug);
    const result = await appendProducts(tx, page, items, actor.now);
    const counts = {
      added: result.added,
      alreadyOnPage: result.alreadyOnPage,
      notInCatalogue: result.notInCatalogue.length,
      overLimit: result.overLimit.length,
    };
    return {
      ...ok({
        ...counts,
        notInCatalogue: result.notInCatalogue.map((i) => i.asin),
        overLimit: result.overLimit.map((i) => i.asin),
        productCount: result.productCount,
      }),
      audit: { action: 'category-pages.products.add', target: slug, counts },
    };
  });
}

/** `DELETE /api/category-pages/{slug}/products`: removes the named products from the page (not from the catalogue). */
export async function removeCategoryPageProducts(
  db: Db,
  actor: AdminActor,
  slug: string,
  asins: readonly string[],
): Promise<Outcome<CategoryPageProductsRemoved>> {
  return adminWrite(db, actor, async (tx) => {
    const page = await findPage(tx, { slug });
    if (!page) return noPageWithSlug(slug);
    const removed = await deletePageProductsByAsin(tx, page.id, [...new Set(asins)]);
    if (removed > 0) await touchPage(tx, page.id, actor.now);
    return {
      ...ok({ removed, productCount: page.productCount - removed }),
      audit: { action: 'category-pages.products.remove', target: slug, counts: { asked: asins.length, removed } },
    };
  });
}
