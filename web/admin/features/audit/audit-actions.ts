/**
 * Plain words for the audit log's action keys (issue 11 part 1: "who, what, when, counts"). Each
 * admin module records its actions with `recordAdminAction` (server/features/audit) under a key
 * `<domain>.<verb>`; the panel shows these words instead of the keys.
 */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Signed in',
  'login.failed': 'Failed sign-in',
  logout: 'Signed out',
  'account.created': 'Admin account created',
  'account.password-reset': 'Admin password changed',
  'products.delete': 'Deleted a product',
  'products.bulk-delete': 'Deleted products',
  'products.clear-all': 'Cleared all products',
  'products.edit': 'Edited a product',
  'products.deactivate': 'Deactivated product',
  'products.activate': 'Activated product',
  'products.restore': 'Restored deleted products',
  'price-history.upload': 'Uploaded price history',
  'deal-links.create': 'Created a deal link',
  'cache.clear': 'Cleared the cache',
  'catalogue.upload': 'Imported a CSV',
  'catalogue.replace': 'Replaced the catalogue from a CSV',
  'catalogue.bulk-import': 'Bulk-imported products (JSON)',
  'budget-deals.upload': 'Loaded the Under £15 deals',
  'category-pages.create': 'Created a category page',
  'category-pages.update': 'Edited a category page',
  'category-pages.update-tag': "Changed a category page's affiliate tag",
  'category-pages.delete': 'Deleted a category page',
  'category-pages.products.add': 'Added products to a category page',
  'category-pages.products.remove': 'Removed products from a category page',
  'category-pages.upload-csv': "Uploaded a category page's CSV",
  'deal-alerts.delete': 'Deleted an alert',
  'deal-alerts.bulk-delete': 'Deleted alerts',
  'deal-alerts.bulk-deactivate': 'Deactivated alerts',
  'price-checks.run': 'Ran a price check',
  'signups.delete': 'Deleted a signup',
  'signups.bulk-delete': 'Deleted signups',
  'unsubscribes.ip-viewed': "Viewed an unsubscribe record's IP address",
  'people.erase': 'Erased everything about an e-mail address',
  'people.bulk-erase': 'Erased everything about several people',
  'people.bulk-unsubscribe': 'Unsubscribed several people',
  'email-templates.create': 'Created an e-mail template',
  'email-templates.update': 'Edited an e-mail template',
  'email-templates.delete': 'Deleted an e-mail template',
  'email-templates.sync': 'Synced e-mail templates',
  'emails.test': 'Sent a test e-mail',
  'emails.deal-alert-notifications': 'Sent deal alert notifications',
  'emails.price-drop-summary': 'Sent the price drop summary',
  'outbox.resend': 'Resent a dead e-mail',
  'amazon.import': 'Imported products from Amazon',
};

/**
 * The words for an audit action: its label, a refused action as "… (refused)", and any action not
 * listed yet as its key in words ("catalogue.upload" → "Catalogue: upload"), never a blank.
 */
export function actionText(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  if (action.endsWith('.refused')) return `${actionText(action.slice(0, -'.refused'.length))} (refused)`;
  const [domain = action, ...rest] = action.split('.');
  const words = (text: string) => text.replaceAll('-', ' ');
  const head = words(domain).replace(/^./, (c) => c.toUpperCase());
  return rest.length > 0 ? `${head}: ${words(rest.join(' '))}` : head;
}
