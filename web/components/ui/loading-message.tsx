/** The rotating loading text (shopper-screens §2), announced politely to screen readers. */
import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { LOADING_MESSAGE_INTERVAL_MS, loadingMessageAt } from '../../lib/loading-messages.rules';

export function LoadingMessage() {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Date.now() - started), LOADING_MESSAGE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p role="status" aria-live="polite" className="flex items-center justify-center gap-2 py-3 text-sm text-slate-700">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      {loadingMessageAt(elapsed)}
    </p>
  );
}
