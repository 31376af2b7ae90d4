import { describe, expect, it } from 'vitest';
import { shouldOpenSurvey, shownKey } from './preferences.rules';

const done = { email: 'a@b.co', preferredCategories: ['books'], emailFrequency: 'weekly' as const, hasCompletedSurvey: true };

describe('shouldOpenSurvey (shopper-screens §4)', () => {
  it('opens for an e-mail once loaded with no or unfinished preferences, not yet shown this session', () => {
    expect(shouldOpenSurvey({ email: 'a@b.co', loaded: true, preferences: null, alreadyShown: false })).toBe(true);
    expect(
      shouldOpenSurvey({ email: 'a@b.co', loaded: true, preferences: { ...done, hasCompletedSurvey: false }, alreadyShown: false }),
    ).toBe(true);
  });
  it('stays shut while loading, without an e-mail, once shown, or when the survey is done', () => {
    expect(shouldOpenSurvey({ email: 'a@b.co', loaded: false, preferences: undefined, alreadyShown: false })).toBe(false);
    expect(shouldOpenSurvey({ email: null, loaded: true, preferences: null, alreadyShown: false })).toBe(false);
    expect(shouldOpenSurvey({ email: 'nobody', loaded: true, preferences: null, alreadyShown: false })).toBe(false);
    expect(shouldOpenSurvey({ email: 'a@b.co', loaded: true, preferences: null, alreadyShown: true })).toBe(false);
    expect(shouldOpenSurvey({ email: 'a@b.co', loaded: true, preferences: done, alreadyShown: false })).toBe(false);
  });
  it('keys the session mark by e-mail', () => expect(shownKey('a@b.co')).toBe('preferencesShown_a@b.co'));
});
