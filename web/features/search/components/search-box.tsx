/**
 * The search box with suggestions (shopper-screens §2, §4, §5; WAI-ARIA combobox pattern), in the
 * header and, larger, on the search landing page: suggestions 300 ms after typing 2+ characters
 * (hidden below 2), up to 6 with image, title and £ price, 'Loading suggestions...' meanwhile.
 * ArrowUp/ArrowDown move (an ArrowDown before the suggestions arrive highlights the first once they
 * do), Enter chooses, Escape or a click outside closes. A submit cleans the text (trimmed, control
 * characters out, at most 200 characters), ignores blank text (the landing page says 'Search
 * Required' instead) and goes to /search?q={text}. The button reads 'Search' on desktop, is an icon
 * on mobile and reads 'Search Deals' on the landing page.
 *
 * Issue 28 (departure from spec §4 "fills the box with its title and searches", docs/design.md §5):
 * a suggestion is a product, so choosing one opens its page, /deals/{ASIN}; the box keeps what the
 * shopper typed. Searching a 140-character title found little and its next suggestions call
 * answered 400.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Loader2, Search } from 'lucide-react';
import clsx from 'clsx';
import type { Suggestion } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';
import { Button } from '../../../components/ui/button';
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_MIN_CHARS, useSuggestions } from '../api';
import { cleanSearchText, SEARCH_TEXT_MAX_CHARS, suggestionsText } from '../search-text.rules';
import { paths } from '../../../../common/paths';

export interface SearchBoxProps {
  variant: 'desktop' | 'mobile' | 'landing';
  /** Text to start with (the current /search term). */
  initialValue?: string;
  className?: string;
  /** Placeholder text (default "Search for deals, e.g. air fryer"). */
  placeholder?: string;
  /** Extra classes of the input (the landing page fades its rotating placeholder with them). */
  inputClassName?: string;
  /** Called when the shopper submits blank text (which never searches). */
  onEmptySubmit?: () => void;
}

export function SearchBox({ variant, initialValue = '', className, placeholder, inputClassName, onEmptySubmit }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const container = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initialValue);
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(suggestionsText(text)), SUGGESTION_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  // Below 2 characters the list is cleared and hidden at once, without waiting for the debounce.
  const term = suggestionsText(text).length >= SUGGESTION_MIN_CHARS && debounced.length >= SUGGESTION_MIN_CHARS ? debounced : '';
  const { data, isFetching } = useSuggestions(term);
  const suggestions = term === '' ? [] : (data ?? []);
  const loading = term !== '' && isFetching && data === undefined;
  const showList = open && term !== '' && (loading || suggestions.length > 0);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function search(value: string) {
    const cleaned = cleanSearchText(value);
    if (cleaned === '') {
      onEmptySubmit?.();
      return;
    }
    setOpen(false);
    setActive(-1);
    navigate(paths.search(cleaned));
  }

  /** A suggestion is a product: its page opens; the box keeps the typed text. */
  function choose(suggestion: Suggestion) {
    setOpen(false);
    setActive(-1);
    navigate(paths.product(suggestion.asin));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    search(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // Before the suggestions are shown (the 300 ms pause or 'Loading suggestions...'), the press
      // asks for the first one: it is highlighted as soon as it arrives, never lost.
      setActive((i) => (suggestions.length === 0 ? 0 : Math.min(i + 1, suggestions.length - 1)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, -1));
    } else if (event.key === 'Enter' && showList && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const activeId = showList && active >= 0 && active < suggestions.length ? `${id}-option-${active}` : undefined;

  return (
    <form ref={container} role="search" onSubmit={onSubmit} className={clsx('relative flex w-full gap-2', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={placeholder ?? 'Search for deals, e.g. air fryer'}
        maxLength={SEARCH_TEXT_MAX_CHARS}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={clsx(
          'min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-500',
          variant === 'landing' ? 'h-12 shadow-sm sm:text-lg' : 'h-10',
          inputClassName,
        )}
      />
      {variant === 'landing' ? (
        <Button type="submit" variant="amazon" size="lg" className="px-4 sm:px-6">
          <Search className="h-5 w-5" aria-hidden="true" />
          Search Deals
        </Button>
      ) : variant === 'desktop' ? (
        <Button type="submit" variant="amazon">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </Button>
      ) : (
        <Button type="submit" variant="amazon" size="icon" aria-label="Search">
          <Search className="h-5 w-5" aria-hidden="true" />
        </Button>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-slate-900 shadow-lg"
      >
        {loading && (
          <li role="option" aria-selected={false} aria-disabled="true" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-700">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            Loading suggestions...
          </li>
        )}
        {!loading &&
          suggestions.map((suggestion, index) => (
            // Keyboard choice happens on the combobox input (ArrowUp/ArrowDown/Enter), per the ARIA pattern.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.asin}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onMouseEnter={() => setActive(index)}
              className={clsx('flex items-center gap-3 px-3 py-2 text-sm', index === active && 'bg-blue-50')}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded bg-white">
                {suggestion.imageUrl ? (
                  <img src={suggestion.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 object-contain" />
                ) : (
                  <Search className="h-4 w-4 text-slate-400" aria-hidden="true" />
                )}
              </span>
              <span className="line-clamp-2 min-w-0 flex-1">{suggestion.title}</span>
              {suggestion.price !== null && <span className="shrink-0 font-semibold">{formatPriceString(suggestion.price)}</span>}
            </li>
          ))}
      </ul>
    </form>
  );
}
