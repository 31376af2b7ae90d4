/**
 * When the 'Personalize Your Deals' survey opens (shopper-screens §4 "Preference dialog"): once per
 * browser session per e-mail, when the visitor has an e-mail, the preferences load has finished, and
 * there are no preferences or the survey is not completed. The session key is marked when it opens.
 */
import type { Preferences } from '../../../common/api/engagement.schema';

/** sessionStorage key of an e-mail's "survey shown" mark (spec §3 "Browser storage"). */
export function shownKey(email: string): string {
  return `preferencesShown_${email}`;
}

/** Whether to open the survey now. `preferences` undefined means still loading. */
export function shouldOpenSurvey(input: {
  email: string | null;
  loaded: boolean;
  preferences: Preferences | null | undefined;
  alreadyShown: boolean;
}): boolean {
  if (!input.email || !input.email.includes('@') || !input.loaded || input.alreadyShown) return false;
  return !input.preferences || !input.preferences.hasCompletedSurvey;
}
