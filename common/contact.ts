/**
 * Contact form limits (issue 10; content-and-account-pages §2.7, §3 "Contact form"), shared by the
 * server's schema and the form's `maxLength`s without bringing zod into the page's JavaScript.
 */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/** What the page promises (spec §2.7, §8 'Message Sent'). */
export const CONTACT_REPLY_PROMISE = "We'll reply within 24 hours.";
