/**
 * Shopper-engagement constants shared by the server and the web app, without zod so the browser
 * bundle stays small (shopper-screens §3 "Survey categories", "E-mail frequency options";
 * content-and-account-pages §2.2 signup consent).
 */

/** Survey categories (shopper-screens §3 "Survey categories"), value and label, in the spec's order. */
export const SURVEY_CATEGORIES = [
  { value: 'kitchen', label: 'Kitchen & Home' },
  { value: 'electronics', label: 'Electronics' },
  { value: 'fashion', label: 'Fashion & Beauty' },
  { value: 'sports', label: 'Sports & Outdoors' },
  { value: 'books', label: 'Books & Media' },
  { value: 'health', label: 'Health & Personal Care' },
  { value: 'garden', label: 'Garden & DIY' },
  { value: 'toys', label: 'Toys & Games' },
] as const;
export const SURVEY_CATEGORY_VALUES = SURVEY_CATEGORIES.map((c) => c.value) as unknown as readonly [
  (typeof SURVEY_CATEGORIES)[number]['value'],
  ...(typeof SURVEY_CATEGORIES)[number]['value'][],
];

/** E-mail frequency options with their descriptions (shopper-screens §3); default weekly (§9). */
export const EMAIL_FREQUENCIES = [
  { value: 'daily', label: 'Daily', description: 'Get the best deals every day' },
  { value: 'weekly', label: 'Weekly', description: 'Best deals digest once a week' },
  { value: 'monthly', label: 'Monthly', description: 'Monthly roundup of top deals' },
] as const;

/**
 * The consent wording shown beside every signup form, stored verbatim with each signup. Change it
 * only together with the form (both read it from here).
 */
export const SIGNUP_CONSENT_WORDING =
  "By signing up you agree to receive deal e-mails from Deal Alerts UK. We'll send a link to confirm your address first; every e-mail has a one-click unsubscribe.";

export const SIGN_IN_MESSAGE = "If that address can receive our e-mails, we've sent it a sign-in link. It works for 7 days.";
