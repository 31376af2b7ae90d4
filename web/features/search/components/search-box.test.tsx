// @vitest-environment happy-dom
/**
 * The header search box as a shopper uses it (shopper-screens §2 "Search box", §4 "Search on home",
 * §5 "Search submit", "Suggestions", §8 "Suggestion failure", §9 "Suggestions: debounce 300 ms,
 * minimum 2 characters, 6 shown"): the suggestions listbox with 'Loading suggestions...', image-less
 * title and £ price rows, the keyboard (ArrowDown/ArrowUp, Enter, Escape), choosing with the mouse
 * (issue 28: a suggestion opens its product page, never a search of its whole title), click outside,
 * the submit going to /search?q={trimmed text}, and the text sent for suggestions (at most 100
 * characters, no control characters: never a 400). GET /api/products/suggestions is answered by a
 * fake fetch with the API's suggestion shape.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { suggestionsResponseSchema, type Suggestion } from '../../../../common/api/products.schema';
import { currentUrl, deferred, fakeApi, renderPage, renderRoutes, type FakeAnswer } from '../../../testing/harness';
import { SearchBox } from './search-box';

const SUGGESTIONS: Suggestion[] = [
  'Ninja Air Fryer AF100UK',
  'Tower Air Fryer 4.3L',
  'Cosori Air Fryer Pro',
  'Salter Air Fryer Compact',
  'Russell Hobbs Air Fryer',
  'Instant Vortex Air Fryer',
  'Philips Air Fryer XL',
  'Tefal Easy Fry',
].map((title, i) => ({
  asin: `B0SUGGEST${i}`,
  title,
  price: (i === 0 ? 1299.99 : 49.99 + i).toFixed(2),
  imageUrl: null,
  asOf: '2026-01-15T12:00:00.000Z',
}));

function suggestionsAnswer(): FakeAnswer {
  return { json: suggestionsResponseSchema.parse({ suggestions: SUGGESTIONS }) };
}

function renderBox(variant: 'desktop' | 'mobile' = 'desktop') {
  const view = renderPage(<SearchBox variant={variant} />, '/');
  return { ...view, box: screen.getByRole('combobox', { name: 'Search products' }) };
}

describe('Search box', () => {
  it("shows 'Loading suggestions...' then up to 6 suggestions with their £ prices after typing 2+ characters", async () => {
    const answer = deferred<FakeAnswer>();
    const api = fakeApi({ 'GET /api/products/suggestions': () => answer.promise });
    const { user, box } = renderBox();

    await user.type(box, 'ai');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(listbox).getByText('Loading suggestions...')).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // The listbox opens as the query starts; its fetch follows a microtask or more later.
    await waitFor(() => expect(api.callsTo('GET /api/products/suggestions')[0]?.query.get('q')).toBe('ai'));

    answer.resolve(suggestionsAnswer());
    await within(listbox).findByRole('option', { name: /Ninja Air Fryer AF100UK/ });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(within(listbox).queryByText('Loading suggestions...')).toBeNull();
    expect(options[0]).toHaveTextContent('Ninja Air Fryer AF100UK');
    expect(options[0]).toHaveTextContent('£1,299.99');
    expect(options[5]).toHaveTextContent('Instant Vortex Air Fryer');
    expect(within(listbox).queryByText('Philips Air Fryer XL')).toBeNull();
  });

  it('asks for nothing below 2 characters and hides the list again when the text drops below 2', async () => {
    const api = fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box } = renderBox();

    await user.type(box, 'a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(box, 'i');
    await screen.findByRole('option', { name: /Ninja Air Fryer AF100UK/ });
    expect(screen.getAllByRole('option')).toHaveLength(6);
    await user.type(box, '{Backspace}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through suggestions with ArrowDown/ArrowUp and chooses one with Enter', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box, router } = renderBox();

    await user.type(box, 'air fryer');
    await screen.findByRole('option', { name: /Ninja Air Fryer AF100UK/ });
    const options = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(currentUrl(router)).toBe('/deals/B0SUGGEST1');
  });

  // Issue 10's report: "the first ArrowDown right after the suggestions appeared was sometimes
  // ignored". It was pressed while they were still loading (the list showed only 'Loading
  // suggestions...'), and a press with no suggestion yet moved the highlight nowhere.
  it('an ArrowDown pressed while the suggestions load highlights the first one when they arrive', async () => {
    const answer = deferred<FakeAnswer>();
    fakeApi({ 'GET /api/products/suggestions': () => answer.promise });
    const { user, box, router } = renderBox();

    await user.type(box, 'air fryer');
    await screen.findByText('Loading suggestions...');
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    answer.resolve(suggestionsAnswer());
    const first = await screen.findByRole('option', { name: /Ninja Air Fryer AF100UK/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(currentUrl(router)).toBe('/deals/B0SUGGEST0');
  });

  it('an ArrowDown pressed before the pause after typing ends also waits for the suggestions', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box } = renderBox();

    await user.type(box, 'air fryer{ArrowDown}');
    const first = await screen.findByRole('option', { name: /Ninja Air Fryer AF100UK/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
  });

  it("opens the chosen suggestion's product page, never a search of its title", async () => {
    const api = fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box, router } = renderBox();

    await user.type(box, 'cos');
    await user.click(await screen.findByRole('option', { name: /Cosori Air Fryer Pro/ }));

    expect(currentUrl(router)).toBe('/deals/B0SUGGEST2');
    expect(screen.getByText('Another page')).toBeVisible();
    expect(api.callsTo('GET /api/products/suggestions').map((call) => call.query.get('q'))).toEqual(['cos']);
  });

  it('keeps the typed text in the box when a suggestion opens its product (the box is in the header)', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    // The header's box stays on screen on every page: the same element at both paths here.
    const element = <SearchBox variant="desktop" />;
    const routes = renderRoutes(
      [
        { path: '/', element },
        { path: '/deals/:asin', element },
      ],
      '/',
    );
    const box = screen.getByRole('combobox', { name: 'Search products' });

    await routes.user.type(box, 'air f');
    await routes.user.click(await screen.findByRole('option', { name: /Tower Air Fryer/ }));

    expect(currentUrl(routes.router)).toBe('/deals/B0SUGGEST1');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('air f');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  // Issue 28: a pasted 140-character title (or one with a tab in it) made the suggestions call answer 400.
  it('asks for suggestions with at most the first 100 characters, control characters as spaces', async () => {
    const api = fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box } = renderBox();
    const title = 'Cosori Air Fryer Pro 5.5L with 11 Presets, Nonstick Basket, Dishwasher Safe, Shake Reminder, Black';

    await user.click(box);
    await user.paste(`${title}\t${title}`);
    await screen.findByRole('option', { name: /Ninja Air Fryer AF100UK/ });

    const sent = api.callsTo('GET /api/products/suggestions').map((call) => call.query.get('q') ?? '');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.length).toBeLessThanOrEqual(100);
    expect(sent[0]).toBe(`${title} ${title}`.slice(0, 100));
    expect(sent[0]).not.toMatch(/\t/);
  });

  it('closes the suggestions with Escape, keeping the text and the page', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box, router } = renderBox();

    await user.type(box, 'air');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{Escape}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('air');
    expect(currentUrl(router)).toBe('/');

    // ArrowDown opens them again.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  });

  it('closes the suggestions on a click outside the search box', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box } = renderBox();

    await user.type(box, 'air');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.click(document.body);

    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('searches for the trimmed text on Enter without a chosen suggestion, and ignores blank text', async () => {
    fakeApi({ 'GET /api/products/suggestions': suggestionsAnswer() });
    const { user, box, router } = renderBox();

    await user.type(box, '   {Enter}');
    expect(currentUrl(router)).toBe('/');

    await user.clear(box);
    await user.type(box, '  kettle & toaster  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentUrl(router)).toBe('/search?q=kettle%20%26%20toaster');
  });

  it('shows no list when the suggestions call fails (the failure is only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi({ 'GET /api/products/suggestions': { status: 500, json: { error: 'Internal Server Error', message: 'boom' } } });
    const { user, box } = renderBox();

    await user.type(box, 'air');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Suggestions failed:', expect.anything()));
    expect(api.callsTo('GET /api/products/suggestions')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.queryByRole('option')).toBeNull();
  });

  it("has a 'Search' text button on desktop inside the search landmark", () => {
    fakeApi({});
    renderBox('desktop');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveTextContent('Search');
    expect(screen.getByRole('search')).toBeVisible();
  });

  it('has an icon-only Search button on mobile', () => {
    fakeApi({});
    renderBox('mobile');
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toHaveTextContent('');
    expect(button).toHaveAttribute('aria-label', 'Search');
  });

  it("reads 'Search Deals' on the landing page and says when blank text is submitted", async () => {
    fakeApi({});
    const onEmptySubmit = vi.fn();
    const { user, router } = renderPage(
      <SearchBox variant="landing" onEmptySubmit={onEmptySubmit} placeholder="Try yoga mat" />,
      '/search',
    );
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('placeholder', 'Try yoga mat');

    await user.click(screen.getByRole('button', { name: 'Search Deals' }));
    expect(onEmptySubmit).toHaveBeenCalledTimes(1);
    await user.type(box, '   {Enter}');
    expect(onEmptySubmit).toHaveBeenCalledTimes(2);
    expect(currentUrl(router)).toBe('/search');

    await user.type(box, 'yoga mat{Enter}');
    expect(currentUrl(router)).toBe('/search?q=yoga%20mat');
  });
});
