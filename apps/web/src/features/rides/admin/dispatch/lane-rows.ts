// A dispatch lane's rides never draw on top of each other: each ride takes the first row of its lane that is
// free over its span (drawn at least MIN_BOX_HOURS wide, so its label fits), and the lane grows a row per overlap.

/** The narrowest a ride's box is drawn, in hours of the timeline (room for "10:30 AM" and a place name). */
export const MIN_BOX_HOURS = 2.5;

export type Span = { start: number; end: number };

/** The row (0, 1, 2...) of each span, in the order given, and how many rows the lane needs. */
export function laneRows(spans: Span[]): { rows: number[]; count: number } {
  const drawnEnd = (s: Span) => Math.max(s.end, s.start + MIN_BOX_HOURS);
  const order = spans.map((s, i) => ({ s, i })).sort((a, b) => a.s.start - b.s.start || a.i - b.i);
  const rowEnds: number[] = [];
  const rows = new Array<number>(spans.length).fill(0);
  for (const { s, i } of order) {
    let row = rowEnds.findIndex((end) => end <= s.start);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = drawnEnd(s);
    rows[i] = row;
  }
  return { rows, count: Math.max(1, rowEnds.length) };
}
