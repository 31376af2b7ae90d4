/**
 * The floating green bell (shopper-screens §2, §6): shown only for a stored e-mail with '@', a
 * visitor token and at least one alert, with a count badge ('9+' above 9), or, without alerts, when
 * the shell says the visitor holds something else the panel lists (saved searches, issue 30: their
 * "Sent to you" and private feed are reached only here); the badge counts alerts, so it is left out
 * then. Top right from 768 px;
 * on phones bottom right, where it cannot cover the compact header's buttons. It opens the alerts
 * panel, which is a lazy chunk (Radix Dialog stays out of the first load, DESIGN.md §7).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { bellCountLabel } from '../bell.rules';
import { useAlerts, type VisitorCredentials } from '../alerts.query';

const loadPanel = () => import('./alert-panel');
const AlertPanel = lazy(loadPanel);

/**
 * `panelExtra`: more of the shopper's own record shown under the alerts in the panel (the shell
 * passes the saved searches, "Sent to you" and the private feed, issue 30; features do not import
 * each other). `hasOtherRecord`: the visitor holds some of it (a saved search), so the bell shows
 * without alerts too.
 */
export function AlertBell({
  email,
  token,
  panelExtra,
  hasOtherRecord = false,
}: VisitorCredentials & { panelExtra?: ReactNode; hasOtherRecord?: boolean }) {
  const visitor = { email, token };
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { data: alerts } = useAlerts(visitor);
  const count = alerts?.length ?? 0;
  // An open panel stays while the visitor deletes the last thing it lists.
  if (count === 0 && !hasOtherRecord && !open) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        // Start fetching the panel's code as soon as the visitor shows intent.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-label={count > 0 ? `Your deal alerts (${count})` : 'Your deal alerts and saved searches'}
        aria-haspopup="dialog"
        className="fixed right-4 bottom-6 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg transition-colors hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 md:top-24 md:bottom-auto"
      >
        <Bell className="h-6 w-6" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-white bg-red-700 px-1 text-xs font-bold"
          >
            {bellCountLabel(count)}
          </span>
        )}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <AlertPanel visitor={visitor} alerts={alerts ?? []} open={open} onOpenChange={setOpen} extra={panelExtra} />
        </Suspense>
      )}
    </>
  );
}
