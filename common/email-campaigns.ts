/**
 * Campaign parameters on every link an e-mail makes to our own site (issue 12 part 3): each carries
 * `utm_source=email&utm_medium={medium}&utm_campaign={campaign}`, so the analytics tab (admin-area
 * §2 "Clicks": Email Campaign Performance; issue 13) can attribute visits and clicks to the message
 * that brought them. The values are listed in docs/architecture.md ("E-mail links").
 *
 * Not tagged: the signed one-click unsubscribe URL (RFC 8058: mail clients POST it; an unsubscribe
 * is not a visit) and links to other sites. Isomorphic: the admin preview tags links the same way.
 */

/** What a message is, for the `utm_medium` and `utm_campaign` of its links. */
export interface EmailCampaign {
  /** `utm_medium`: 'alert', 'digest', 'transactional' or 'test'. */
  medium: EmailMedium;
  /** `utm_campaign`: the kind of message, e.g. 'price-drop'. */
  campaign: string;
}

export type EmailMedium = 'alert' | 'digest' | 'transactional' | 'test';

/** `utm_source` of every e-mail link. */
export const EMAIL_UTM_SOURCE = 'email';

/** The campaign of each kind of message (docs/architecture.md "E-mail links" lists them). */
export const EMAIL_CAMPAIGNS = {
  /** The automatic price-drop alert of a price check. */
  priceDrop: { medium: 'alert', campaign: 'price-drop' },
  /** A price-drop e-mail an owner sent from the Email Alerts tab. */
  dealAlertNotification: { medium: 'alert', campaign: 'deal-alert-notification' },
  /** The owners' one-a-day summary of the last 24 hours' price drops. */
  priceDropSummary: { medium: 'digest', campaign: 'price-drop-summary' },
  /** The scheduled digest of new deals, at the subscriber's frequency. */
  dealsDaily: { medium: 'digest', campaign: 'deals-daily' },
  dealsWeekly: { medium: 'digest', campaign: 'deals-weekly' },
  dealsMonthly: { medium: 'digest', campaign: 'deals-monthly' },
  /** Double opt-in confirmation and sign-in link. */
  confirmation: { medium: 'transactional', campaign: 'confirmation' },
  /** The "confirm you want to stop e-mails" message of the unsubscribe page. */
  unsubscribeLink: { medium: 'transactional', campaign: 'unsubscribe-link' },
  /** A contact-form message forwarded to the owners. */
  contactMessage: { medium: 'transactional', campaign: 'contact-message' },
  /** An owner's test of a template. */
  templateTest: { medium: 'test', campaign: 'template-test' },
  /** New matches of a shopper's saved search (keyword and category alerts, issue 30). */
  savedSearch: { medium: 'alert', campaign: 'saved-search' },
} as const satisfies Record<string, EmailCampaign>;

/** The scheduled digest's campaign for a frequency. */
export function digestCampaign(frequency: 'daily' | 'weekly' | 'monthly'): EmailCampaign {
  return frequency === 'daily'
    ? EMAIL_CAMPAIGNS.dealsDaily
    : frequency === 'weekly'
      ? EMAIL_CAMPAIGNS.dealsWeekly
      : EMAIL_CAMPAIGNS.dealsMonthly;
}

/**
 * `url` with the campaign's utm parameters set (replacing any already there), keeping its other
 * query parameters and fragment. `url` must be absolute (our PUBLIC_URL + a path). Throws a
 * TypeError for a URL that does not parse.
 */
export function withUtm(url: string, campaign: EmailCampaign): string {
  const parsed = new URL(url);
  parsed.searchParams.set('utm_source', EMAIL_UTM_SOURCE);
  parsed.searchParams.set('utm_medium', campaign.medium);
  parsed.searchParams.set('utm_campaign', campaign.campaign);
  return parsed.toString();
}

/** `{publicUrl}{path}` with the campaign's utm parameters: the way to write a link to our site in an e-mail. */
export function emailLink(publicUrl: string, path: string, campaign: EmailCampaign): string {
  return withUtm(`${publicUrl.replace(/\/+$/, '')}${path}`, campaign);
}
