/**
 * The summary `npm test` prints at its end names what failed (scripts/failure-summary.mjs), from
 * Vitest's real output: a failing assertion with colours, and a passing run that logged errors.
 */
import { describe, expect, it } from 'vitest';
import { failureLines } from '../../scripts/failure-summary.mjs';

const RED = (s: string) => `\x1b[31m${s}\x1b[39m`;

describe('failureLines', () => {
  it("names the failed test, its error and the counts, and leaves out a passing test's logged errors", () => {
    const output = [
      ' ✓  e2e  tests/e2e/admin-shell.e2e.ts (3 tests) 31840ms',
      'Error: connect ECONNREFUSED 127.0.0.1:3000',
      ` ${RED('❯')}  e2e  tests/e2e/deal-pages.e2e.ts (3 tests | 1 failed) 155049ms`,
      `     ${RED('×')} desktop 1280: every deal page shows products with their deal basis 31836ms`,
      '     ✓ mobile 390: every deal page shows products with their deal basis 21710ms',
      '',
      `${RED('⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯')}`,
      '',
      ` ${RED('FAIL')}  e2e  tests/e2e/deal-pages.e2e.ts > deal pages > desktop 1280: every deal page shows products with their deal basis`,
      `${RED('TimeoutError: page.waitForSelector: Timeout 30000ms exceeded.')}`,
      '  at tests/e2e/deal-pages.e2e.ts:120:5',
      '',
      ` Test Files  ${RED('1 failed')} | 14 passed (15)`,
      `      Tests  ${RED('1 failed')} | 33 passed (34)`,
    ];
    expect(failureLines(output)).toEqual([
      '× desktop 1280: every deal page shows products with their deal basis 31836ms',
      'FAIL  e2e  tests/e2e/deal-pages.e2e.ts > deal pages > desktop 1280: every deal page shows products with their deal basis',
      'TimeoutError: page.waitForSelector: Timeout 30000ms exceeded.',
      'Test Files  1 failed | 14 passed (15)',
      'Tests  1 failed | 33 passed (34)',
    ]);
  });

  it('answers nothing for a run that passed, and stops at the limit', () => {
    expect(
      failureLines([' ✓  server  server/env.test.ts (9 tests) 27ms', 'Error: logged but harmless', ' Test Files  124 passed (124)']),
    ).toEqual([]);
    expect(
      failureLines(
        Array.from({ length: 100 }, (_, i) => `× test ${i}`),
        3,
      ),
    ).toEqual(['× test 0', '× test 1', '× test 2']);
  });
});
