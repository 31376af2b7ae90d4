/**
 * Which visitor token goes with a request for an address (DESIGN.md §4 "Visitors"; issue 25: "a
 * browser that proved its mailbox stays proved: new alerts, signups and the survey in that browser
 * use the address token"). The browser holds one token, for one address; a form typed for that
 * address sends it, a form for another address sends none.
 */

/** The e-mail the browser holds and its token (either may be null). */
export interface HeldToken {
  email: string | null;
  token: string | null;
}

/** The held token when `address` is the address it was issued for (case and spaces aside), else undefined. */
export function tokenForAddress(held: HeldToken, address: string): string | undefined {
  const same = held.email !== null && held.email.trim().toLowerCase() === address.trim().toLowerCase();
  return same && held.token !== null ? held.token : undefined;
}
