/**
 * The shopper's own record (issue 30 "The shopper's own record"; docs/decisions/0031-saved-searches.md):
 *
 * - **Sent to you**: each alert e-mail the outbox sent (price drops and saved-search matches), with
 *   its date and each product's price as the e-mail stated it, scoped by the visitor token (a
 *   mailbox token: the address's; a device token: those about what it created).
 * - **A private, revocable feed** of the same e-mails, as Atom and RSS 2.0 (`feed` package), at
 *   `/feeds/alerts/{token}.atom` and `.rss`. The token is 32 random bytes (base64url); only its
 *   SHA-256 is stored, so the address is shown once, when made. Making a new one revokes the old
 *   (one live feed per scope); revoking makes its URLs answer 404 at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Feed } from 'feed';
import {
  alertFeedPath,
  type AlertFeedCreated,
  type AlertFeedFormat,
  type AlertFeedStatus,
  type SentAlertEmail,
} from '../../../common/api/saved-searches.schema';
import { formatPriceString, penceToPriceString } from '../../../common/money';
import { paths } from '../../../common/paths';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import type { Visitor } from '../visitors';
import {
  feedScopeByHash,
  insertFeed,
  liveFeedOf,
  revokeFeedsOf,
  sentAlertEmails,
  type RecordScope,
  type SentEmailRow,
} from './alert-record.queries';
import { TOKEN_REQUIRED } from './saved-searches.service';

/** E-mails listed in "Sent to you" and in a feed. */
export const RECORD_ITEMS = 50;

/** A feed token is 32 random bytes in base64url: 43 characters. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const scopeOf = (visitor: Visitor): RecordScope => ({
  email: visitor.email,
  deviceTokenId: visitor.proof === 'mailbox' ? null : visitor.tokenId,
});

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Reads a payload number (pence) or null. */
const pence = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** One outbox row in the API shape: a price drop (one product, old and new price) or a saved search's matches. */
export function toSentEmail(row: SentEmailRow): SentAlertEmail {
  const p = row.payload ?? {};
  const base = { id: row.id, sentAt: row.sentAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
  if (row.kind === 'saved-search') {
    const items = Array.isArray(p.items) ? (p.items as Array<Record<string, unknown>>) : [];
    return {
      ...base,
      kind: 'saved-search',
      subject: row.subject ?? text(p.subject, 'New matches for your saved search'),
      items: items.flatMap((i) => {
        const now = pence(i.nowPence);
        return now === null ? [] : [{ asin: text(i.asin), title: text(i.title), price: penceToPriceString(now), previousPrice: null }];
      }),
    };
  }
  const now = pence(p.newPricePence);
  const before = pence(p.oldPricePence);
  const title = text(p.productTitle);
  return {
    ...base,
    kind: 'price-drop',
    subject: row.subject ?? `Price drop: ${title}`,
    items:
      now === null
        ? []
        : [
            {
              asin: text(p.asin),
              title,
              price: penceToPriceString(now),
              previousPrice: before === null ? null : penceToPriceString(before),
            },
          ],
  };
}

/** "Sent to you": the alert e-mails `visitor` may see, newest first. 401 without a token. */
export async function sentToVisitor(db: Db, visitor: Visitor | undefined): Promise<Outcome<SentAlertEmail[]>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  return ok((await sentAlertEmails(db, scopeOf(visitor), RECORD_ITEMS)).map(toSentEmail));
}

/** Whether `visitor` (its scope) has a live feed. 401 without a token. */
export async function alertFeedStatus(db: Db, visitor: Visitor | undefined): Promise<Outcome<AlertFeedStatus>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  const live = await liveFeedOf(db, scopeOf(visitor));
  return ok({ active: !!live, createdAt: live?.createdAt.toISOString() ?? null });
}

/**
 * Makes a new private feed for `visitor`'s scope, revoking the one it had (one transaction), and
 * answers its two absolute URLs (PUBLIC_URL). 401 without a token.
 */
export async function createAlertFeed(
  db: Db,
  publicUrl: string,
  visitor: Visitor | undefined,
  now: Date,
): Promise<Outcome<AlertFeedCreated>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  const token = randomBytes(32).toString('base64url');
  const scope = scopeOf(visitor);
  await db.transaction(async (tx) => {
    await revokeFeedsOf(tx, scope, now);
    await insertFeed(tx, scope, hashOf(token), now);
  });
  return ok({
    atomUrl: `${publicUrl}${alertFeedPath(token, 'atom')}`,
    rssUrl: `${publicUrl}${alertFeedPath(token, 'rss')}`,
    createdAt: now.toISOString(),
  });
}

/** Revokes `visitor`'s feed (its scope): its URLs answer 404 from now on. 401 without a token, 404 when there is none. */
export async function revokeAlertFeed(db: Db, visitor: Visitor | undefined, now: Date): Promise<Outcome<{ success: true }>> {
  if (!visitor) return fail('unauthorized', TOKEN_REQUIRED);
  if ((await revokeFeedsOf(db, scopeOf(visitor), now)) === 0) return fail('not-found', 'feed: there is no live alert feed to revoke');
  return ok({ success: true as const });
}

/**
 * The feed document of `token` in `format`, or null when the token is malformed, unknown or revoked
 * (the route answers 404). Each entry is one alert e-mail: its subject, when it was sent, and each
 * product with the price the e-mail stated, linking to our product page.
 */
export async function renderAlertFeed(db: Db, publicUrl: string, token: string, format: AlertFeedFormat): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const scope = await feedScopeByHash(db, hashOf(token));
  if (!scope) return null;
  const emails = (await sentAlertEmails(db, scope, RECORD_ITEMS)).map(toSentEmail);
  const newest = emails[0]?.sentAt ?? emails[0]?.createdAt;
  const feed = new Feed({
    id: `${publicUrl}/feeds/alerts`,
    title: 'Your deal alerts | Deal Alerts UK',
    description:
      'The price-drop and saved-search e-mails Deal Alerts UK sent you. This feed is private: anyone with its address can read it.',
    link: `${publicUrl}${paths.home()}`,
    language: 'en-GB',
    copyright: 'Prices from Amazon.co.uk as of the time shown. As an Amazon Associate we earn from qualifying purchases.',
    updated: newest ? new Date(newest) : new Date(0),
    generator: 'Deal Alerts UK',
    feedLinks: { [format === 'atom' ? 'atom' : 'rss']: `${publicUrl}${alertFeedPath(token, format)}` },
  });
  for (const email of emails) {
    const first = email.items[0];
    const link = first ? `${publicUrl}${paths.product(first.asin)}` : `${publicUrl}${paths.home()}`;
    const lines = email.items.map(
      (i) => `${i.title}: ${formatPriceString(i.price)}${i.previousPrice ? ` (was ${formatPriceString(i.previousPrice)})` : ''}`,
    );
    feed.addItem({
      title: cdataSafe(email.subject),
      id: `${publicUrl}/feeds/alerts#sent-${email.id}`,
      link,
      date: new Date(email.sentAt ?? email.createdAt),
      description: cdataSafe(lines.join('; ')),
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}

/** The `feed` package escapes only the first `]]>` of a CDATA text (as seo.service.ts notes): break every one. */
function cdataSafe(value: string): string {
  return value.replaceAll(']]>', ']] >');
}
