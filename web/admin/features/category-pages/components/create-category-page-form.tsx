/**
 * The create form of the Categories tab (admin-area §2 "Create form: name, description, affiliate
 * tag"; §5 "name must be non-blank after trimming", the slug rule, "The default affiliate tag is
 * the site's standard tag"; §8 'Failed to create category: …' / 'Error creating category. Please
 * try again.'). The address the page will have is shown as the name is typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { categoryPageSlug, CATEGORY_PAGE_DESCRIPTION_MAX, CATEGORY_PAGE_NAME_MAX } from '../../../../../common/category-pages';
import { Button } from '../../../../components/ui/button';
import { Input, Label, Textarea } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { writeErrorText, type CategoryPageWrites } from '../api';

const TAG = /^[A-Za-z0-9_-]{1,64}$/;

interface Errors {
  name?: string;
  affiliateTag?: string;
}

/** Client-side checks, the same rules the server applies (it checks again). */
function check(name: string, tag: string): Errors {
  const errors: Errors = {};
  if (name.trim() === '') errors.name = 'Please enter a category name.';
  else if (categoryPageSlug(name) === '') errors.name = 'The name needs at least one letter or digit.';
  if (tag.trim() !== '' && !TAG.test(tag.trim()))
    errors.affiliateTag = 'An affiliate tag has only letters, digits, - and _ (e.g. mysite-21).';
  return errors;
}

export function CreateCategoryPageForm({
  writes,
  defaultTag,
  onCreated,
}: {
  writes: CategoryPageWrites;
  defaultTag?: string;
  onCreated: (slug: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [tag, setTag] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const slug = categoryPageSlug(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(name, tag);
    setErrors(found);
    if (found.name) return document.getElementById(`${id}-name`)?.focus();
    if (found.affiliateTag) return document.getElementById(`${id}-tag`)?.focus();
    writes.create.mutate(
      { name: name.trim(), description: description.trim(), affiliateTag: tag.trim(), slug, isActive: true },
      {
        onSuccess: ({ categoryPage }) => {
          toast({ title: 'Category page created', description: `${categoryPage.name} is live at /category/${categoryPage.slug}.` });
          setName('');
          setDescription('');
          setTag('');
          onCreated(categoryPage.slug);
        },
        onError: (error) =>
          toast({
            title: 'Category not created',
            description: writeErrorText(error, 'Failed to create category', 'Error creating category. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Create a category page
      </h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={CATEGORY_PAGE_NAME_MAX}
            invalid={Boolean(errors.name)}
            aria-describedby={`${id}-name-hint${errors.name ? ` ${id}-name-error` : ''}`}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Summer Kitchen Picks"
          />
          <p id={`${id}-name-hint`} className="mt-1 text-sm break-all text-slate-600">
            Address: /category/{slug || '…'}
          </p>
          {errors.name ? (
            <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div>
          <Label htmlFor={`${id}-tag`}>Affiliate tag</Label>
          <Input
            id={`${id}-tag`}
            value={tag}
            maxLength={64}
            invalid={Boolean(errors.affiliateTag)}
            aria-describedby={`${id}-tag-hint${errors.affiliateTag ? ` ${id}-tag-error` : ''}`}
            onChange={(e) => setTag(e.target.value)}
            placeholder={defaultTag ?? 'mysite-21'}
            autoComplete="off"
            spellCheck={false}
          />
          <p id={`${id}-tag-hint`} className="mt-1 text-sm text-slate-600">
            Every Amazon link on the page carries this tag. Leave blank for the site's standard tag{defaultTag ? ` (${defaultTag})` : ''}.
          </p>
          {errors.affiliateTag ? (
            <p id={`${id}-tag-error`} className="mt-1 text-sm text-red-700">
              {errors.affiliateTag}
            </p>
          ) : null}
        </div>
        <div className="md:col-span-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            maxLength={CATEGORY_PAGE_DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            className="min-h-20"
            placeholder="Shown under the page's heading"
          />
        </div>
      </div>
      <Button type="submit" className="mt-4" disabled={writes.create.isPending}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {writes.create.isPending ? 'Creating…' : 'Create category page'}
      </Button>
    </form>
  );
}
