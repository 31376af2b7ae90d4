/** Words for survey answers in the admin tables (shopper-screens §3 "Survey categories", "E-mail frequency options"). */
import { EMAIL_FREQUENCIES, SURVEY_CATEGORIES } from '../../../../../common/engagement';

const CATEGORY_LABELS = new Map<string, string>(SURVEY_CATEGORIES.map((c) => [c.value, c.label]));
const FREQUENCY_LABELS = new Map<string, string>(EMAIL_FREQUENCIES.map((f) => [f.value, f.label]));

/** "Kitchen & Home, Toys & Games", or "None chosen". */
export const categoriesText = (values: readonly string[]) =>
  values.length === 0 ? 'None chosen' : values.map((v) => CATEGORY_LABELS.get(v) ?? v).join(', ');

export const frequencyText = (value: string) => FREQUENCY_LABELS.get(value) ?? value;
