/** The lines of a Vitest run's output that say what failed (see failure-summary.mjs), colours removed, at most `max` (default 40). */
export declare function failureLines(lines: readonly string[], max?: number): string[];
