import { describe, expect, it } from 'vitest';
import { csvSafeCell } from './csv';

describe('csvSafeCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvSafeCell('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(csvSafeCell('+441234')).toBe("'+441234");
    expect(csvSafeCell('-2+3')).toBe("'-2+3");
    expect(csvSafeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvSafeCell('\t=1')).toBe("'\t=1");
  });

  it('keeps ordinary text, numbers and empty values as they are', () => {
    expect(csvSafeCell('ann@example.com')).toBe('ann@example.com');
    expect(csvSafeCell(-3)).toBe('-3');
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(undefined)).toBe('');
    expect(csvSafeCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});
