/**
 * API shapes of the owners' e-mail (admin-area §2 "Templates tab", "Email Alerts tab", §3, §5, §7;
 * issue 12 part 3). Prices are pound strings ("12.99") as the spec's wire format has them; times
 * ISO 8601 (UTC). Validated on the server; the admin web app uses the inferred types.
 */
import { z } from 'zod';
import { emailSchema } from './alerts.schema';
import { dealAlertSchema } from './alerts.schema';
import { freeText, safeText } from './text.schema';
import { templateProblems } from '../email-templates';

/** Longest template body accepted (a rich HTML e-mail is rarely over 100 KB). */
export const TEMPLATE_HTML_MAX = 200_000;
/** Longest template subject accepted (before rendering). */
export const TEMPLATE_SUBJECT_MAX = 500;
/** Longest template name. */
export const TEMPLATE_NAME_MAX = 100;
/** Most alerts one notification request may name (issue 12: bulk actions take 1–1,000 ids). */
export const MAX_NOTIFICATION_IDS = 1000;

/** A subject or body checked by the template rules (common/email-templates.ts): unknown placeholders are named. */
function templateText(field: 'subject' | 'htmlContent', schema: z.ZodType<string>) {
  return schema.superRefine((value, ctx) => {
    for (const problem of templateProblems(field, value)) ctx.addIssue({ code: 'custom', message: problem.message });
  });
}

const templateName = safeText(TEMPLATE_NAME_MAX)
  .trim()
  .min(1, 'must not be empty (Missing Template Name: please enter a template name to save)');
const templateSubject = templateText('subject', safeText(TEMPLATE_SUBJECT_MAX));
const templateHtml = templateText('htmlContent', freeText(TEMPLATE_HTML_MAX));
/** A sender address; the service checks it is one of the six on MAIL_DOMAIN. */
const senderEmail = safeText(254)
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be an e-mail address' }));

/** One saved template (admin-area §3 "Email template", plus its sender). */
export const emailTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  /** One of the six sender addresses on MAIL_DOMAIN. */
  senderEmail: z.string(),
  /** Owner-sent deal alert notifications use the default template (at most one). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** `GET /api/admin/email-templates`: the saved templates (by name) and the six sender addresses. */
export const emailTemplatesResponseSchema = z.object({
  templates: z.array(emailTemplateSchema),
  senders: z.array(z.string()),
});
export type EmailTemplatesResponse = z.infer<typeof emailTemplatesResponseSchema>;

/**
 * `POST /api/admin/email-templates` and `PUT /api/admin/email-templates/{id}` body. A blank subject
 * or body is stored as the spec's fallback (admin-area §5).
 */
export const saveTemplateBodySchema = z.object({
  name: templateName,
  subject: templateSubject.default(''),
  htmlContent: templateHtml.default(''),
  senderEmail,
  isDefault: z.boolean().default(false),
});
export type SaveTemplateBody = z.input<typeof saveTemplateBodySchema>;
/** The checked body (blank subject and body as ''). */
export type SaveTemplateInput = z.output<typeof saveTemplateBodySchema>;

export const templateIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a template id' }).int('must be a whole number').positive('must be a template id'),
});

/** One template as the spec's client keeps it in browser storage (admin-area §3); ids and times are the browser's. */
const clientTemplateSchema = z.object({
  id: z.union([safeText(100), z.number()]).optional(),
  name: templateName,
  subject: templateSubject.default(''),
  htmlContent: templateHtml.default(''),
  /** Not in the spec's shape; default the alerts@ sender. */
  senderEmail: senderEmail.optional(),
  isDefault: z.boolean().optional(),
  createdAt: safeText(40).optional(),
  updatedAt: safeText(40).optional(),
});

/** `POST /api/admin/email-templates/sync` body (admin-area §7): the browser's list, matched by name. */
export const syncTemplatesBodySchema = z.object({
  templates: z.array(clientTemplateSchema).max(200, 'must list at most 200 templates'),
});
export type SyncTemplatesBody = z.input<typeof syncTemplatesBodySchema>;
export type SyncTemplatesInput = z.output<typeof syncTemplatesBodySchema>;

/** The sync's answer: what was added and changed, and the stored list. */
export const syncTemplatesResponseSchema = emailTemplatesResponseSchema.extend({
  created: z.number().int(),
  updated: z.number().int(),
});
export type SyncTemplatesResponse = z.infer<typeof syncTemplatesResponseSchema>;

/**
 * `POST /api/emails/test` body (admin-area §7: to, from, subject, template). `requestId` (a UUID
 * the editor makes per click) makes a retried request the same message.
 */
export const testEmailBodySchema = z.object({
  to: emailSchema,
  from: senderEmail,
  subject: templateSubject.default(''),
  template: templateText('htmlContent', freeText(TEMPLATE_HTML_MAX)).default(''),
  templateName: safeText(TEMPLATE_NAME_MAX).trim().optional(),
  requestId: z.uuid({ message: 'must be a UUID' }).optional(),
});
export type TestEmailBody = z.input<typeof testEmailBodySchema>;

/**
 * The test's SMTP outcome: 'sent' (the server accepted it), 'written' (no SMTP_URL: an .eml file in
 * DATA_DIR/outbox), 'pending' (the server has not answered yet; the outbox keeps trying). A refusal
 * or an unreachable server answers 502 with the reason instead.
 */
export const testEmailResponseSchema = z.object({
  outcome: z.enum(['sent', 'written', 'pending']),
  message: z.string(),
});
export type TestEmailResponse = z.infer<typeof testEmailResponseSchema>;

/** `POST /api/admin/deal-alert-notifications` body (admin-area §7). */
export const dealAlertNotificationsBodySchema = z.object({
  dealAlertIds: z
    .array(z.number().int('must be whole numbers').positive('must be alert ids'))
    .min(1, 'must name at least one alert (No Deal Alerts Selected)')
    .max(MAX_NOTIFICATION_IDS, `must name at most ${MAX_NOTIFICATION_IDS} alerts`),
});
export type DealAlertNotificationsBody = z.infer<typeof dealAlertNotificationsBodySchema>;

/** Messages not queued, by reason. */
export const notificationSkipsSchema = z.object({
  /** Not confirmed (double opt-in) or unknown to the subscriber list. */
  unconfirmed: z.number().int(),
  unsubscribed: z.number().int(),
});

/**
 * Answer of `POST /api/admin/deal-alert-notifications` (admin-area §7: emailsSent). `emailsSent`
 * counts the messages this request put in the outbox (the sender delivers them within seconds);
 * `alreadySent` those an earlier request or price check had already queued for the same alert and
 * price, which are never sent twice.
 */
export const dealAlertNotificationsResponseSchema = z.object({
  emailsSent: z.number().int(),
  alreadySent: z.number().int(),
  skipped: notificationSkipsSchema.extend({
    notFound: z.number().int(),
    inactive: z.number().int(),
    noPriceDrop: z.number().int(),
  }),
});
export type DealAlertNotificationsResponse = z.infer<typeof dealAlertNotificationsResponseSchema>;

/**
 * Answer of `POST /api/admin/price-drop-summary` (admin-area §7: emailsSent): one digest per
 * confirmed subscriber with drops in their categories, at most one per subscriber per UK day.
 */
export const priceDropSummaryResponseSchema = z.object({
  emailsSent: z.number().int(),
  alreadySent: z.number().int(),
  /** Price drops of the last 24 hours considered. */
  priceDrops: z.number().int(),
  skipped: notificationSkipsSchema.extend({
    /** Confirmed subscribers none of whose categories had a drop (never an empty digest). */
    noDropsInCategories: z.number().int(),
  }),
});
export type PriceDropSummaryResponse = z.infer<typeof priceDropSummaryResponseSchema>;

/** One product whose price fell in the last 24 hours. */
export const priceDropSchema = z.object({
  asin: z.string(),
  productTitle: z.string(),
  productImageUrl: z.string().nullable(),
  category: z.string(),
  /** Price before the drop, pounds. */
  previousPrice: z.string(),
  /** Price after the drop (the current price), pounds. */
  currentPrice: z.string(),
  /** previousPrice − currentPrice, pounds (positive). */
  dropAmount: z.string(),
  /** Whole percent of the drop. */
  dropPercent: z.number().int(),
  /** When the lower price was observed. */
  observedAt: z.string(),
});
export type PriceDrop = z.infer<typeof priceDropSchema>;

/** `GET /api/admin/preview-price-drops?limit=` (admin-area §7, §9: preview limit 10). */
export const previewPriceDropsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–50')
    .max(50, 'must be 1–50')
    .default(10),
});
export const previewPriceDropsResponseSchema = z.object({
  priceDrops: z.array(priceDropSchema),
  /** Every drop of the last 24 hours (the list holds at most `limit`). */
  total: z.number().int(),
});
export type PreviewPriceDropsResponse = z.infer<typeof previewPriceDropsResponseSchema>;

/** `GET /api/admin/deal-alert-stats` (admin-area §3 "Notification stats"). */
export const dealAlertStatsResponseSchema = z.object({
  /** Confirmed, subscribed addresses. */
  subscriberCount: z.number().int(),
  /** Alert and digest e-mails ever queued (every status). */
  totalNotifications: z.number().int(),
  /** Of those, delivered (accepted by the SMTP server or written as .eml). */
  totalEmailsSent: z.number().int(),
  /** Product clicks that came from an e-mail (utm_source=email). */
  totalClicks: z.number().int(),
  /** Active alerts that have been notified at least once. */
  activeNotifications: z.number().int(),
});
export type DealAlertStatsResponse = z.infer<typeof dealAlertStatsResponseSchema>;

/** `GET /api/admin/deal-alert-drops?limit=`: active alerts whose price dropped, biggest drop first (admin-area §2, §9: 10 shown). */
export const dealAlertDropsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–100')
    .max(100, 'must be 1–100')
    .default(10),
});
export const dealAlertDropsResponseSchema = z.object({
  alerts: z.array(dealAlertSchema),
  /** Every active alert with a drop (the list holds at most `limit`). */
  total: z.number().int(),
});
export type DealAlertDropsResponse = z.infer<typeof dealAlertDropsResponseSchema>;
