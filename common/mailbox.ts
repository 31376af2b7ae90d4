/**
 * Mailbox identity (issue 25 "One mailbox, one budget"): the key under which different spellings
 * of one e-mail address are counted, so per-address limits and budgets apply to the mailbox that
 * actually receives the mail, not to each spelling of it.
 *
 * Rules (what the big providers deliver to one mailbox):
 * - the whole address is compared lower-cased and trimmed (RFC 5321 §2.4 lets the local part be
 *   case-sensitive, but no provider a UK shopper uses treats it so);
 * - a sub-address tag (`+anything` in the local part, RFC 5233) is dropped: `victim+1@example.com`
 *   reaches `victim@example.com` at Gmail, Outlook, iCloud, Fastmail, Proton and most others;
 * - at `gmail.com` and `googlemail.com` dots in the local part are ignored and the two domains are
 *   one (Google: "Gmail doesn't recognise dots as characters within usernames").
 *
 * The key is only for counting: e-mail is always sent to the address as the shopper typed it
 * (lower-cased), and stored rows keep that address.
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox key of `email`: lower-cased, sub-address tag removed, Gmail dots removed and
 * `googlemail.com` folded into `gmail.com`. A string without '@' is returned trimmed and lower-cased.
 * Pure; never throws. Examples: `Jo.Bloggs+deals@GoogleMail.com` → `jobloggs@gmail.com`,
 * `jo+1@example.co.uk` → `jo@example.co.uk`.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
