import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { InsightsResponse } from '#shared/schemas/insights';
import { chartData, chartRows, nextIndex, readoutText } from '../lib/chart';
import { INSIGHTS_TEXT as texts } from '../lib/insights-text';

const HEIGHT = 220;
const LINE = '#2563eb';

function chartOptions(width: number, onCursor: (index: number) => void): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // The days are calendar dates in the user's zone, sent as midnight UTC: label them in UTC so none shifts.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { y: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
    series: [{}, { label: texts.chartTitle, stroke: LINE, width: 2, fill: 'rgba(37, 99, 235, 0.08)' }],
    axes: [{}, { values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
    hooks: {
      setCursor: [
        (self) => {
          if (self.cursor.idx !== null && self.cursor.idx !== undefined) onCursor(self.cursor.idx);
        },
      ],
    },
  };
}

/**
 * Engagement per day as a uPlot line. The chart is one focusable stop (a slider over the days):
 * arrow keys and Home/End move the readout from day to day, which a screen reader announces as the
 * slider's value; the same figures are a table, visually hidden until 'Show as Table'.
 */
export function EngagementChart({ daily, days }: { daily: InsightsResponse['daily']; days: number }) {
  const rows = chartRows(daily);
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [index, setIndex] = useState(Math.max(0, rows.length - 1));
  const [showTable, setShowTable] = useState(false);
  const focused = rows[index];
  const readoutId = useId();
  const tableId = useId();

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const created = new uPlot(chartOptions(target.clientWidth || 600, setIndex), chartData(daily), target);
    plot.current = created;
    setIndex(Math.max(0, daily.length - 1));
    const resize = new ResizeObserver(() => created.setSize({ width: target.clientWidth, height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [daily]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextIndex(index, event.key, rows.length);
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
    const chart = plot.current;
    const [xs, ys] = chartData(daily);
    const x = xs[next];
    const y = ys[next];
    if (chart && x !== undefined && y !== undefined) {
      chart.setCursor({ left: chart.valToPos(x, 'x'), top: chart.valToPos(y, 'y') }, false);
    }
  };

  return (
    <section className="card stack insights-chart" aria-labelledby={`${readoutId}-title`}>
      <header className="insights-chart__header">
        <h2 id={`${readoutId}-title`}>{texts.chartTitle}</h2>
        <button
          type="button"
          className="button"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? texts.hideTable : texts.showTable}
        </button>
      </header>
      {/* A slider over the days: arrow keys move the readout, and screen readers announce its text. */}
      <div
        className="insights-chart__plot"
        role="slider"
        tabIndex={0}
        aria-label={`${texts.chartTitle}, last ${days} days`}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, rows.length - 1)}
        aria-valuenow={index}
        aria-valuetext={focused ? readoutText(focused) : undefined}
        onKeyDown={onKeyDown}
      >
        <div ref={container} />
      </div>
      <p id={readoutId} className="insights-chart__readout" aria-hidden="true">
        {focused ? readoutText(focused) : null}
      </p>
      <div id={tableId} className={showTable ? 'insights-table-wrap' : 'insights-visually-hidden'}>
        <table className="insights-table">
          <caption>{`${texts.chartTitle}, last ${days} days`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Engagement</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row">
                  <time dateTime={row.date}>{row.label}</time>
                </th>
                <td>{row.engagement}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
