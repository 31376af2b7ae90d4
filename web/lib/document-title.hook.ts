/** Sets the page title per screen, so screen-reader users and tabs know where they are. */
import { useEffect } from 'react';

/** Sets `document.title` to "{title} | Deal Alerts UK" (just the site name when title is empty). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Deal Alerts UK` : 'Deal Alerts UK';
  }, [title]);
}
