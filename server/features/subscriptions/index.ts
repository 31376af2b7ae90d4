/**
 * The subscriptions feature's public module (docs/architecture.md "Import rules"): consent, the
 * double opt-in and sign-in e-mails, and the subscriber an address has. What an opened link starts
 * elsewhere is passed in as a {@link MailboxProvedHook} (app.ts), so this feature imports no feature
 * that imports it.
 */
export {
  composeConfirmationEmail,
  confirmationDue,
  findSubscriber,
  isConfirmedAndSubscribed,
  queueSignInLink,
  recordConsent,
  unsubscribeAsOwner,
  type MailboxProof,
  type MailboxProvedHook,
  type RenderedEmail,
} from './subscriptions.service';
