/**
 * The price-history chart of our product page (DESIGN.md §4 "Honest prices"): a step line of the
 * price over time (a price holds until the next observation, and the last one up to now), dots on
 * real observations, the current price marked, £ on the axis and en-GB dates. Recharts is large, so
 * this module is loaded lazily (DESIGN.md §7 JS budget): import it only through React.lazy. With no
 * current price we may show (`currentPence` null, decision 0014) the line ends at the last
 * observation and no "Now" line is drawn.
 */
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPence } from '../../../../common/money';
import { formatAxisPrice, priceAxis, withPriceUntilNow, type ChartPoint } from '../price-history.rules';

const axisDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const tooltipDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export interface PriceHistoryChartProps {
  points: ChartPoint[];
  /** The current price in pence, or null when it may not be shown. */
  currentPence: number | null;
}

export default function PriceHistoryChart({ points, currentPence }: PriceHistoryChartProps) {
  const drawn = currentPence === null ? [...points] : withPriceUntilNow(points, Date.now());
  const prices = [...drawn.map((p) => p.pence), ...(currentPence === null ? [] : [currentPence])];
  const axis = priceAxis(Math.min(...prices), Math.max(...prices));
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {/* No keyboard layer: the chart sits in an aria-hidden wrapper (its text summary is the
            accessible alternative), where a focusable surface is an axe 'aria-hidden-focus' failure. */}
        <LineChart data={drawn} margin={{ top: 10, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => axisDate.format(t)}
            stroke="#475569"
            fontSize={12}
            minTickGap={24}
          />
          <YAxis
            type="number"
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={formatAxisPrice}
            stroke="#475569"
            fontSize={12}
            width={56}
          />
          <Tooltip
            labelFormatter={(t) => tooltipDate.format(Number(t))}
            formatter={(value) => [formatPence(Number(value)), 'Price']}
            contentStyle={{ fontSize: 13, borderRadius: 6 }}
          />
          {currentPence !== null && (
            <ReferenceLine
              y={currentPence}
              stroke="#15803d"
              strokeDasharray="4 4"
              label={{ value: `Now ${formatPence(currentPence)}`, position: 'insideBottomLeft', fill: '#15803d', fontSize: 12 }}
            />
          )}
          <Line
            type="stepAfter"
            dataKey="pence"
            stroke="#1d4ed8"
            strokeWidth={2}
            isAnimationActive={false}
            activeDot={{ r: 5 }}
            dot={(props: { cx?: number; cy?: number; index?: number; payload?: ChartPoint }) =>
              props.payload?.extended || props.cx === undefined || props.cy === undefined ? (
                <g key={`dot-${props.index}`} />
              ) : (
                <circle key={`dot-${props.index}`} cx={props.cx} cy={props.cy} r={3} fill="#fff" stroke="#1d4ed8" strokeWidth={2} />
              )
            }
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
