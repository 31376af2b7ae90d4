/**
 * What a panel shows before its data: a polite "Loading …" status, or an alert with the server's
 * message (or the caller's fallback wording) and a Try again button.
 */
import { Loader2 } from 'lucide-react';
import { Button } from './button';

export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <span>{message}</span>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{children}</p>
  );
}
