import { describe, expect, it } from 'vitest';
import { actionText } from './audit-actions';

describe('the audit log action words', () => {
  it('names known actions in plain English', () => {
    expect(actionText('catalogue.upload')).toBe('Imported a CSV');
    expect(actionText('people.erase')).toBe('Erased everything about an e-mail address');
    // Issue 29: an edit and a restore say so in words, not as their keys.
    expect(actionText('products.edit')).toBe('Edited a product');
    expect(actionText('products.restore')).toBe('Restored deleted products');
  });

  it('marks refused actions and spells out keys it does not know yet', () => {
    expect(actionText('catalogue.replace.refused')).toBe('Replaced the catalogue from a CSV (refused)');
    expect(actionText('widgets.bulk-frobnicate')).toBe('Widgets: bulk frobnicate');
    expect(actionText('reindex')).toBe('Reindex');
  });
});
