/**
 * The floating bell's count badge (shopper-screens §2 "Floating green bell", §9 "'9+' above 9"),
 * apart from ./alert.rules.ts (which re-exports it): the bell is in the first-load chunk, the other
 * alert rules only in the panel's and the dialog's lazy chunks (DESIGN.md §7).
 */

/** The bell's count badge: the number, or '9+' above 9. */
export function bellCountLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}
