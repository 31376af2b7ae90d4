/**
 * "Save this search" on the search results (issue 30 "Keyword and category alerts"): a button that
 * opens the save dialog (a lazy chunk, so the results page's first load stays within the JS
 * budget, DESIGN.md §7). The page passes the words, its max-price filter and the session, because
 * features do not import each other (the session lives in features/session).
 */
import { lazy, Suspense, useState } from 'react';
import { BellPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(loadDialog);

export interface SaveSearchProps {
  /** The words searched for (prefilled). */
  term: string;
  /** The page's max-price filter in pounds ('' for none), prefilled. */
  maxPrice: string;
  /** The session's e-mail and visitor token, and how to remember a new token. */
  email: string | null;
  token: string | null;
  onRemember: (email: string, token: string) => void;
}

export function SaveSearchButton(props: SaveSearchProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <BellPlus className="h-4 w-4" aria-hidden="true" />
        Save this search
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <SaveSearchDialog {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
