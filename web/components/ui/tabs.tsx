/**
 * A tab bar following the WAI-ARIA Authoring Practices "Tabs" pattern (automatic activation):
 * one tab stop for the whole bar (roving tabindex), ←/→ move to the previous/next tab and select
 * it, Home/End the first/last. On phones the bar is one row that scrolls sideways, keeping the
 * selected tab in view; from 768 px the tabs wrap. Radix Tabs is not among our dependencies; this is the same
 * pattern in ~80 lines. The owner decides what selecting means (the admin shell changes the URL).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import clsx from 'clsx';

export interface TabItem {
  key: string;
  label: string;
}

export interface TabBarProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (key: string) => void;
  /** Accessible name of the bar. */
  label: string;
  /** Prefix of the tab and panel ids: tab `${idPrefix}-tab-${key}`, panel `${idPrefix}-panel-${key}`. */
  idPrefix: string;
}

export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const tabPanelId = (idPrefix: string, key: string) => `${idPrefix}-panel-${key}`;

export function TabBar({ tabs, selected, onSelect, label, idPrefix }: TabBarProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  // Keep the selected tab in view (the bar scrolls sideways on narrow screens).
  useEffect(() => {
    refs.current.get(selected)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Arrows move from the focused tab (APG), which may be ahead of a selection still rendering.
    const from = event.currentTarget.id;
    const index = tabs.findIndex((t) => tabId(idPrefix, t.key) === from);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target] as TabItem;
    // Focus moves at once; the tab buttons persist across renders, so it stays there.
    refs.current.get(next.key)?.focus();
    onSelect(next.key);
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      // Phones: one row that scrolls sideways; wider screens: the tabs wrap, so all are in view.
      className="flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:thin] md:flex-wrap md:overflow-visible"
    >
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idPrefix, tab.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={onKeyDown}
            className={clsx(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
              isSelected
                ? 'border-blue-700 text-blue-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
