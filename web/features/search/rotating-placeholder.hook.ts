/**
 * The search landing page's rotating placeholder (shopper-screens §4 "Placeholder suggestion
 * rotates every 2.5 s with a 300 ms fade", §9): each text stays `everyMs`, fades out over `fadeMs`,
 * and the next one fades in. The caller fades with `visible` (CSS opacity), so a shopper who asks
 * for reduced motion sees the texts change without the fade.
 */
import { useEffect, useState } from 'react';
import { PLACEHOLDER_FADE_MS, PLACEHOLDER_ROTATE_MS } from './search-text.rules';

export interface RotatingPlaceholder {
  /** The text to show now. */
  text: string;
  /** False during the fade between two texts. */
  visible: boolean;
}

/** Cycles through `texts` (at least one) in order, starting with the first. */
export function useRotatingPlaceholder(
  texts: readonly string[],
  everyMs = PLACEHOLDER_ROTATE_MS,
  fadeMs = PLACEHOLDER_FADE_MS,
): RotatingPlaceholder {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (texts.length < 2) return;
    let fade: number | undefined;
    const timer = window.setInterval(() => {
      setVisible(false);
      fade = window.setTimeout(() => {
        setIndex((i) => (i + 1) % texts.length);
        setVisible(true);
      }, fadeMs);
    }, everyMs);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(fade);
    };
  }, [texts, everyMs, fadeMs]);

  return { text: texts[index % texts.length] ?? '', visible };
}
