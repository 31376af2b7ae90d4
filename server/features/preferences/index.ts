/** The preferences feature's public module (docs/architecture.md "Import rules"): survey answers a proved mailbox takes over. */
export { promotePreferences } from './preferences.service';
