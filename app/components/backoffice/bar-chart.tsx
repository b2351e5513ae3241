// A horizontal bar chart drawn as SVG on the server: it needs no JavaScript and scales with the
// screen (viewBox). The numbers are in the table under it, so the chart is hidden from screen
// readers rather than read out twice.

const ROW = 32;
const LABEL_WIDTH = 260;
const WIDTH = 720;

export function BarChart({ rows, valueLabel }: { rows: ReadonlyArray<{ label: string; value: number; display: string }>; valueLabel: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const barSpace = WIDTH - LABEL_WIDTH - 120;
  const height = rows.length * ROW + 8;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full max-w-3xl" aria-hidden="true" focusable="false">
      <title>{valueLabel}</title>
      {rows.map((row, index) => {
        const y = index * ROW + 4;
        const width = Math.max(2, Math.round((row.value / max) * barSpace));
        return (
          <g key={`${row.label}-${index}`}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2 + 5} textAnchor="end" fontSize="15" fill="#1f2937">
              {row.label.length > 30 ? `${row.label.slice(0, 29)}…` : row.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 4} width={width} height={ROW - 10} rx="3" fill="#185a4a" />
            <text x={LABEL_WIDTH + width + 8} y={y + ROW / 2 + 5} fontSize="15" fill="#1f2937">
              {row.display}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
