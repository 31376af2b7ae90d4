/**
 * 'Personalize Your Deals' (shopper-screens §2, §4, §5, §8): two-column grid of the eight category
 * toggles, the e-mail frequency radio group with its descriptions, 'Skip for now' and 'Save
 * Preferences', and the footnote. Opens by itself once per browser session per e-mail
 * (preferences.rules.ts). Defaults: no categories, weekly; loaded preferences replace them.
 */
import { useEffect, useState } from 'react';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import type { Preferences } from '../../../../common/api/engagement.schema';
import { EMAIL_FREQUENCIES, SURVEY_CATEGORIES } from '../../../../common/engagement';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import { usePreferences, useSavePreferences } from '../api';
import { shouldOpenSurvey, shownKey } from '../preferences.rules';

type Frequency = Preferences['emailFrequency'];

function sessionFlag(key: string, set = false): boolean {
  try {
    if (set) window.sessionStorage.setItem(key, 'true');
    return window.sessionStorage.getItem(key) === 'true';
  } catch {
    return set;
  }
}

/** Mount once on the home page with the session's e-mail and token. */
export function PreferencesSurvey({ email, token }: { email: string | null; token: string | null }) {
  const loaded = usePreferences(email, token);
  const save = useSavePreferences(token);
  const [open, setOpen] = useState(false);
  const [categories, setCategories] = useState<string[]>([]);
  const [frequency, setFrequency] = useState<Frequency>('weekly');

  useEffect(() => {
    if (!email) return;
    const show = shouldOpenSurvey({
      email,
      loaded: loaded.isSuccess,
      preferences: loaded.data,
      alreadyShown: sessionFlag(shownKey(email)),
    });
    if (!show) return;
    sessionFlag(shownKey(email), true);
    setOpen(true);
  }, [email, loaded.isSuccess, loaded.data]);

  useEffect(() => {
    if (!loaded.data) return;
    setCategories(loaded.data.preferredCategories);
    setFrequency(loaded.data.emailFrequency);
  }, [loaded.data]);

  if (!email) return null;

  function submit(skip: boolean) {
    if (!email) return;
    if (!skip && categories.length === 0) {
      toast({
        title: 'Please select at least one category',
        description: "Choose the types of deals you're interested in.",
        variant: 'destructive',
      });
      return;
    }
    const body = skip
      ? { email, preferredCategories: [], emailFrequency: 'weekly' as const, hasCompletedSurvey: true }
      : { email, preferredCategories: categories as never, emailFrequency: frequency, hasCompletedSurvey: true };
    save.mutate(body, {
      onSuccess: () => {
        if (!skip) toast({ title: 'Preferences Saved!', description: "We'll send you personalized deals based on your preferences." });
        setOpen(false);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: messageForPeople(error, 'Failed to save preferences. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  const toggle = (value: string) => setCategories((list) => (list.includes(value) ? list.filter((c) => c !== value) : [...list, value]));

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Personalize Your Deals"
      description="Help us send you the best deals based on your interests"
      className="sm:max-w-lg"
      testId="preferences-dialog"
    >
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Which deals interest you?</legend>
          <div className="grid grid-cols-2 gap-2">
            {SURVEY_CATEGORIES.map((c) => {
              const on = categories.includes(c.value);
              return (
                <button
                  key={c.value}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(c.value)}
                  className={clsx(
                    'flex min-h-11 items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm font-medium',
                    on ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-800 hover:bg-slate-50',
                  )}
                >
                  {c.label}
                  {on && <Check className="h-4 w-4 shrink-0" aria-hidden="true" />}
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">How often would you like deal e-mails?</legend>
          <div role="radiogroup" aria-label="E-mail frequency" className="space-y-2">
            {EMAIL_FREQUENCIES.map((f) => (
              <div key={f.value} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
                <input
                  id={`frequency-${f.value}`}
                  type="radio"
                  name="email-frequency"
                  value={f.value}
                  checked={frequency === f.value}
                  onChange={() => setFrequency(f.value)}
                  aria-describedby={`frequency-${f.value}-description`}
                  className="mt-1"
                />
                <div>
                  <label htmlFor={`frequency-${f.value}`} className="block cursor-pointer text-sm font-medium text-slate-900">
                    {f.label}
                  </label>
                  <p id={`frequency-${f.value}-description`} className="text-xs text-slate-600">
                    {f.description}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => submit(true)} disabled={save.isPending}>
            Skip for now
          </Button>
          <Button onClick={() => submit(false)} disabled={save.isPending || categories.length === 0}>
            Save Preferences
          </Button>
        </div>
        <p className="text-center text-xs text-slate-600">You can change your preferences anytime in your account settings.</p>
      </div>
    </Dialog>
  );
}
