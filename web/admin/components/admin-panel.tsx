/**
 * The white, bordered panel most admin lists and tables sit in (issue 26 "shared table parts"): a
 * `<section>` named by its heading (so it is a landmark region screen readers list, and tests find
 * it by name), a header bar with the heading, an optional note in lighter text beside it ('(latest
 * 20 admin actions)') and the panel's own controls (a search field, Select all), then the body.
 * Bodies line up with the header's 16 px padding: `AdminTable density="roomy"` and the `inset`
 * states of admin-states.tsx. `AdminSection` is the same without the frame: a tab's titled part with
 * its buttons beside the heading.
 */
import { useId, type ReactNode } from 'react';
import clsx from 'clsx';

export interface AdminPanelProps {
  title: ReactNode;
  /** Lighter text after the title, inside the heading (so it is part of the region's name). */
  note?: ReactNode;
  /** The heading's level: 2 on a tab of its own, 3 inside a tab (default). */
  level?: 2 | 3;
  /** Controls at the right of the header bar (they wrap under the title on a phone). */
  actions?: ReactNode;
  /** 'end' lines a labelled field up with the heading's baseline; 'center' (default) suits buttons. */
  actionsAlign?: 'center' | 'end';
  /** Extra classes of the section (margins, `self-start` in a grid). */
  className?: string;
  children: ReactNode;
}

export function AdminPanel({ title, note, level = 3, actions, actionsAlign = 'center', className, children }: AdminPanelProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={clsx('rounded-lg border border-slate-200 bg-white', className)}>
      <div
        className={clsx('flex flex-wrap gap-3 border-b border-slate-200 px-4 py-3', actionsAlign === 'end' ? 'items-end' : 'items-center')}
      >
        <Heading id={headingId} className={clsx('mr-auto font-semibold text-slate-900', level === 2 ? 'text-lg' : 'text-base')}>
          {title}
          {note ? (
            <>
              {' '}
              <span className="text-sm font-normal text-slate-600">{note}</span>
            </>
          ) : null}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface AdminSectionProps {
  title: ReactNode;
  /** The heading's level: 2 for a tab's own parts (default), 3 inside them. */
  level?: 2 | 3;
  /** Buttons on the heading's line (they wrap under it on a phone). */
  actions?: ReactNode;
  /** 12 px between the parts instead of 16. */
  tight?: boolean;
  /** Extra classes of the section (a card's border and padding). */
  className?: string;
  children: ReactNode;
}

/**
 * A titled part of a tab without a panel's header bar: a region named by its heading, the heading
 * and its actions on one line, then the body.
 */
export function AdminSection({ title, level = 2, actions, tight = false, className, children }: AdminSectionProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={headingId} className={clsx('font-semibold text-slate-900', level === 2 ? 'text-lg' : 'text-base')}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={headingId} className={clsx('min-w-0', tight ? 'space-y-3' : 'space-y-4', className)}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
