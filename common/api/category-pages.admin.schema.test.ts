/**
 * The category-page slug rule (admin-area §5: "the lowercased name with runs of non-alphanumerics
 * replaced by a hyphen and end hyphens trimmed") and the name rules built on it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryPageCreateSchema, categoryPageSlug, CATEGORY_PAGE_NAME_MAX } from './category-pages.admin.schema';
import { categoryPageSlugSchema } from './deals.schema';

describe('categoryPageSlug', () => {
  it.each([
    ['Summer Kitchen', 'summer-kitchen'],
    ['  Summer   Kitchen  ', 'summer-kitchen'],
    ['Kitchen & Home: Top 10!', 'kitchen-home-top-10'],
    ['--Already-Hyphenated--', 'already-hyphenated'],
    ['Under £15 deals', 'under-15-deals'],
    ['Café Crème', 'cafe-creme'],
    ['ÅNGSTRÖM', 'angstrom'],
    ['日本', ''],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => {
    expect(categoryPageSlug(name)).toBe(slug);
  });

  it('gives every name the create schema accepts a slug the public routes accept', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: CATEGORY_PAGE_NAME_MAX + 5, unit: 'grapheme' }), (name) => {
        if (!categoryPageCreateSchema.safeParse({ name }).success) return;
        expect(categoryPageSlugSchema.safeParse(categoryPageSlug(name.trim())).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a name whose folded slug would pass 100 characters', () => {
    const result = categoryPageCreateSchema.safeParse({ name: '\uFB03'.repeat(40) });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['must give a slug of at most 100 characters']);
  });

  it('refuses a name with no letter or digit, naming the rule once', () => {
    const result = categoryPageCreateSchema.safeParse({ name: '£££' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'must contain at least one letter or digit']]);
  });
});
