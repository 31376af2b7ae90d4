// The lines of a Vitest run's output that say what failed, for the summary `npm test` prints at its
// very end (scripts/run-tests.mjs). CI shows only the end of a long log: on 28 November a run
// failed in the browser specs, and the part that named the spec was not in what was shown.

// eslint-disable-next-line no-control-regex -- the escape sequences of terminal colours
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * From `lines` (one run's output, colours included or not), at most `max` lines, colours removed,
 * trimmed, in their order: each failed test's header (`FAIL  file > suite > test`) with the first
 * line after it that names an error (`AssertionError: …`, `Error: …`), each failed test in Vitest's
 * tree (`× name`), and the counts that say something failed (`Test Files  1 failed | …`). Other
 * error lines (a passing test's logged errors) are left out. Answers [] when nothing failed.
 */
export function failureLines(lines, max = 40) {
  const out = [];
  let afterFail = 0;
  for (const raw of lines) {
    if (out.length >= max) break;
    const line = raw.replace(ANSI, '').trim();
    if (line === '') continue;
    if (/^FAIL\s/.test(line)) {
      out.push(line);
      afterFail = 3;
      continue;
    }
    if (afterFail > 0) {
      afterFail -= 1;
      if (/^[A-Za-z]*Error\b/.test(line)) {
        out.push(line);
        afterFail = 0;
        continue;
      }
    }
    if (/^[×✗]\s/.test(line) || /^(Test Files|Tests)\s.*\bfailed\b/.test(line)) out.push(line);
  }
  return out;
}
