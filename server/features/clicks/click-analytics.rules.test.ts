/** London wall-clock times and day numbers of the click analytics (issue 13), around both 2026 clock changes. */
import { describe, expect, it } from 'vitest';
import { dayNumberDate, londonDayNumber, londonWallClock } from './click-analytics.rules';

describe('London time of an instant', () => {
  it.each([
    ['2026-03-29T00:59:59Z', '29/03/2026 00:59:59', '2026-03-29'],
    ['2026-03-29T01:00:00Z', '29/03/2026 02:00:00', '2026-03-29'],
    ['2026-03-29T23:00:00Z', '30/03/2026 00:00:00', '2026-03-30'],
    ['2026-10-25T00:30:00Z', '25/10/2026 01:30:00', '2026-10-25'],
    ['2026-10-25T01:30:00Z', '25/10/2026 01:30:00', '2026-10-25'],
    ['2026-10-24T22:59:59Z', '24/10/2026 23:59:59', '2026-10-24'],
    ['2026-06-30T23:30:00Z', '01/07/2026 00:30:00', '2026-07-01'],
    ['1999-12-31T23:30:00Z', '31/12/1999 23:30:00', '1999-12-31'],
  ])('%s is %s in London, day %s', (iso, wall, day) => {
    expect(londonWallClock(Date.parse(iso))).toBe(wall);
    expect(dayNumberDate(londonDayNumber(Date.parse(iso)))).toBe(day);
  });
});
