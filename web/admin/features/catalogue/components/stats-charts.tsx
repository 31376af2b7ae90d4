/**
 * The Statistics tab's two charts (issue 11 part 3: "a bar chart of products per category and a
 * price histogram (Recharts)"), each a `<figure>` with its caption and a toggle to the same
 * figures as a table, for screen readers and for reading exact numbers (the admin chart panel,
 * web/admin/components/admin-chart-panel.tsx). The drawing is one image with a one-sentence
 * summary (Recharts' keyboard layer is off: nothing focusable hides inside an image); the table is
 * the full text alternative.
 */
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStats } from '../../../../../common/api/products.admin.schema';
import { AdminChartPanel } from '../../../components/admin-chart-panel';

const count = (n: number) => n.toLocaleString('en-GB');

/** Products per category: horizontal bars (long names stay readable on a phone), largest first. */
export function CategoryChart({ byCategory }: { byCategory: AdminStats['byCategory'] }) {
  const data = byCategory.map((c) => ({ name: c.label, count: c.count }));
  const top = byCategory[0];
  return (
    <AdminChartPanel
      as="figure"
      title="Products per category"
      summary={`Bar chart of products per category; the largest is ${top?.label ?? 'none'} with ${count(top?.count ?? 0)}.`}
      figures={{ columns: ['Category', 'Products'], rows: byCategory.map((c) => [c.label, c.count]) }}
    >
      <div style={{ height: Math.max(200, data.length * 30 + 30) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 48, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" allowDecimals={false} stroke="#475569" fontSize={12} tickFormatter={count} />
            <YAxis type="category" dataKey="name" width={132} stroke="#475569" fontSize={12} interval={0} />
            <Tooltip formatter={(value) => [count(Number(value)), 'Products']} contentStyle={{ fontSize: 13, borderRadius: 6 }} />
            <Bar dataKey="count" fill="#1d4ed8" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fontSize={12} fill="#0f172a" formatter={(v) => count(Number(v))} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </AdminChartPanel>
  );
}

/** Products per price band, cheapest band first. */
export function PriceHistogram({ bands }: { bands: AdminStats['priceHistogram'] }) {
  const data = bands.map((b) => ({ name: b.label, count: b.count }));
  const busiest = [...bands].sort((a, b) => b.count - a.count)[0];
  return (
    <AdminChartPanel
      as="figure"
      title="Products by price"
      summary={`Histogram of products by price band; the busiest band is ${busiest?.label ?? 'none'} with ${count(busiest?.count ?? 0)}.`}
      figures={{ columns: ['Price', 'Products'], rows: bands.map((b) => [b.label, b.count]) }}
    >
      <div className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 16, right: 8, bottom: 40, left: 0 }}>
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="name" stroke="#475569" fontSize={11} interval={0} angle={-35} textAnchor="end" height={56} />
            <YAxis allowDecimals={false} stroke="#475569" fontSize={12} width={48} tickFormatter={count} />
            <Tooltip formatter={(value) => [count(Number(value)), 'Products']} contentStyle={{ fontSize: 13, borderRadius: 6 }} />
            <Bar dataKey="count" fill="#15803d" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </AdminChartPanel>
  );
}
