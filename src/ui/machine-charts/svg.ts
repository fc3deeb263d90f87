import type { ChartState, ChartTransition, MachineChart } from './describe.ts';

/*
 * A small, deterministic SVG renderer for state charts, so the committed charts
 * are made without a browser or network. Each compound state lays its children
 * out in rows by distance from its initial child; parallel regions sit side by
 * side. Transitions are straight arrows between boxes, one label per pair of
 * states. Text is monospace so widths are known without measuring.
 */

const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 15;
const LEAF_HEIGHT = 34;
const HEADER = 24;
const INITIAL_ROOM = 22;
const PADDING = 18;
const ROW_GAP = 74;
const COLUMN_GAP = 96;
const MARGIN = 16;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Laid {
  state: ChartState;
  width: number;
  height: number;
  /** Child offsets relative to this state's top-left corner. */
  placements: Array<{ child: Laid; dx: number; dy: number }>;
}

export function renderChartSvg(chart: MachineChart): string {
  const laid = layout(chart.root, chart.transitions);
  const boxes = new Map<string, Box>();
  place(laid, MARGIN, MARGIN, boxes);

  const bounds = { right: laid.width + MARGIN * 2, bottom: laid.height + MARGIN * 2 };
  const shapes: string[] = [];
  drawState(laid, boxes, chart.id, shapes);
  const edges = drawEdges(chart.transitions, boxes, obstacles(laid, boxes), bounds);

  const width = Math.ceil(bounds.right);
  const height = Math.ceil(bounds.bottom);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="State chart of the ${escape(chart.id)} machine">`,
    `<title>${escape(chart.id)} machine</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#334155"/></marker></defs>',
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="12">`,
    ...shapes,
    ...edges,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

function textWidth(text: string): number {
  return text.length * CHAR_WIDTH;
}

function layout(state: ChartState, transitions: ChartTransition[]): Laid {
  if (state.children.length === 0) {
    return { state, width: Math.max(90, textWidth(state.key) + 28), height: LEAF_HEIGHT, placements: [] };
  }
  const children = new Map(state.children.map((child) => [child.path, layout(child, transitions)]));
  const rows =
    state.kind === 'parallel' ? [state.children] : rowsByDistance(state, transitions);
  const top = HEADER + (state.initial ? INITIAL_ROOM : 0);

  const rowSizes = rows.map((row) => ({
    width: row.reduce((sum, child) => sum + children.get(child.path)!.width, 0) + COLUMN_GAP * (row.length - 1),
    height: Math.max(...row.map((child) => children.get(child.path)!.height)),
  }));
  const innerWidth = Math.max(textWidth(state.key || 'machine') + 20, ...rowSizes.map((size) => size.width));
  const placements: Laid['placements'] = [];
  let y = top;
  rows.forEach((row, index) => {
    const size = rowSizes[index]!;
    let x = PADDING + (innerWidth - size.width) / 2;
    for (const child of row) {
      const laidChild = children.get(child.path)!;
      // Parallel regions line up at the top; states in a row share a centre line.
      const centring = state.kind === 'parallel' ? 0 : (size.height - laidChild.height) / 2;
      placements.push({ child: laidChild, dx: x, dy: y + centring });
      x += laidChild.width + COLUMN_GAP;
    }
    y += size.height + (index < rows.length - 1 ? ROW_GAP : 0);
  });
  return { state, width: innerWidth + PADDING * 2, height: y + PADDING, placements };
}

/** Children in rows: the initial child first, then by the fewest transitions needed to reach them. */
function rowsByDistance(state: ChartState, transitions: ChartTransition[]): ChartState[][] {
  const siblings = state.children;
  const siblingOf = (path: string) =>
    siblings.find((child) => path === child.path || path.startsWith(`${child.path}.`))?.path;
  const next = new Map<string, string[]>(siblings.map((child) => [child.path, []]));
  for (const transition of transitions) {
    const from = siblingOf(transition.source);
    for (const target of transition.targets) {
      const to = siblingOf(target);
      if (from && to && from !== to) next.get(from)!.push(to);
    }
  }

  const depth = new Map<string, number>();
  const seeds = [state.initial ?? siblings[0]!.path, ...siblings.map((child) => child.path)];
  for (const seed of seeds) {
    if (depth.has(seed)) continue;
    depth.set(seed, depth.size === 0 ? 0 : Math.max(...depth.values()) + 1);
    const queue = [seed];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const to of next.get(current)!) {
        if (depth.has(to)) continue;
        depth.set(to, depth.get(current)! + 1);
        queue.push(to);
      }
    }
  }
  const rows: ChartState[][] = [];
  for (const child of siblings) (rows[depth.get(child.path)!] ??= []).push(child);
  return rows.filter((row) => row.length > 0);
}

function place(laid: Laid, x: number, y: number, boxes: Map<string, Box>): void {
  boxes.set(laid.state.path, { x, y, width: laid.width, height: laid.height });
  for (const { child, dx, dy } of laid.placements) place(child, x + dx, y + dy, boxes);
}

function drawState(laid: Laid, boxes: Map<string, Box>, machineId: string, out: string[]): void {
  const { state } = laid;
  const box = boxes.get(state.path)!;
  const r = (n: number) => round(n);
  if (state.children.length === 0) {
    out.push(
      `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.width)}" height="${r(box.height)}" rx="10" fill="#eef2ff" stroke="#4338ca" stroke-width="1.5"/>`,
    );
    if (state.kind === 'final') {
      out.push(
        `<rect x="${r(box.x + 3)}" y="${r(box.y + 3)}" width="${r(box.width - 6)}" height="${r(box.height - 6)}" rx="8" fill="none" stroke="#4338ca" stroke-width="1"/>`,
      );
    }
    out.push(
      `<text x="${r(box.x + box.width / 2)}" y="${r(box.y + box.height / 2 + 4)}" text-anchor="middle" fill="#1e1b4b">${escape(state.key)}</text>`,
    );
  } else {
    const isRoot = state.path === '';
    const fill = isRoot ? '#ffffff' : '#f8fafc';
    const dash = state.kind === 'parallel' ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.width)}" height="${r(box.height)}" rx="12" fill="${fill}" stroke="#64748b" stroke-width="1.5"${dash}/>`,
      `<text x="${r(box.x + 10)}" y="${r(box.y + 17)}" font-weight="bold" fill="#0f172a">${escape(isRoot ? machineId : state.key)}${state.kind === 'parallel' ? ' (parallel)' : ''}</text>`,
    );
    if (state.initial) {
      const initial = boxes.get(state.initial)!;
      const cx = initial.x + initial.width / 2;
      const cy = box.y + HEADER + 4;
      out.push(
        `<circle cx="${r(cx)}" cy="${r(cy)}" r="4" fill="#0f172a"/>`,
        `<line x1="${r(cx)}" y1="${r(cy + 4)}" x2="${r(cx)}" y2="${r(initial.y)}" stroke="#0f172a" stroke-width="1.2" marker-end="url(#arrow)"/>`,
      );
    }
    for (const { child } of laid.placements) drawState(child, boxes, machineId, out);
  }
}

interface Edge {
  source: string;
  target: string;
  labels: string[];
}

/** What a label must not cover: the states' boxes, and the containers' names and initial arrows. */
function obstacles(laid: Laid, boxes: Map<string, Box>): Box[] {
  const box = boxes.get(laid.state.path)!;
  if (laid.placements.length === 0) return [box];
  const header = { ...box, height: HEADER + (laid.state.initial ? INITIAL_ROOM : 0) };
  return [header, ...laid.placements.flatMap(({ child }) => obstacles(child, boxes))];
}

function drawEdges(
  transitions: ChartTransition[],
  boxes: Map<string, Box>,
  taken: Box[],
  bounds: { right: number; bottom: number },
): string[] {
  const edges: Edge[] = [];
  for (const transition of transitions) {
    const label = transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
    for (const target of transition.targets) {
      const existing = edges.find((edge) => edge.source === transition.source && edge.target === target);
      if (existing) {
        if (!existing.labels.includes(label)) existing.labels.push(label);
      } else {
        edges.push({ source: transition.source, target, labels: [label] });
      }
    }
  }

  const lines: string[] = [];
  const labels: string[] = [];
  for (const edge of edges) {
    const from = boxes.get(edge.source)!;
    const to = boxes.get(edge.target)!;
    const labelSize = {
      width: Math.max(...edge.labels.map(textWidth)) + 8,
      height: edge.labels.length * LINE_HEIGHT + 4,
    };
    let candidates: Array<{ x: number; y: number }>;
    if (edge.source === edge.target) {
      const x = from.x + from.width;
      const y = from.y + from.height / 2;
      lines.push(
        `<path d="M${round(x)},${round(y - 8)} C${round(x + 34)},${round(y - 26)} ${round(x + 34)},${round(y + 26)} ${round(x)},${round(y + 8)}" fill="none" stroke="#334155" stroke-width="1.2" marker-end="url(#arrow)"/>`,
      );
      candidates = [{ x: x + 36 + labelSize.width / 2, y }];
    } else {
      const [start, end] = endpoints(edge, from, to, edges);
      lines.push(
        `<line x1="${round(start.x)}" y1="${round(start.y)}" x2="${round(end.x)}" y2="${round(end.y)}" stroke="#334155" stroke-width="1.2" marker-end="url(#arrow)"/>`,
      );
      // Along the arrow first, then stepping above and below it.
      const along = [0.5, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85];
      const steps = [0, -1, 1, -2, 2, -3, 3].map((step) => step * (labelSize.height + 2));
      candidates = steps.flatMap((dy) =>
        along.map((t) => ({ x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t + dy })),
      );
    }
    const rect = (at: { x: number; y: number }): Box => ({
      x: at.x - labelSize.width / 2,
      y: at.y - labelSize.height / 2,
      ...labelSize,
    });
    const free = candidates.map(rect).find((box) => !taken.some((other) => overlaps(box, other)));
    const box = free ?? rect(candidates[0]!);
    taken.push(box);
    bounds.right = Math.max(bounds.right, box.x + box.width + MARGIN);
    bounds.bottom = Math.max(bounds.bottom, box.y + box.height + MARGIN);
    labels.push(
      `<rect x="${round(box.x)}" y="${round(box.y)}" width="${round(box.width)}" height="${round(box.height)}" rx="3" fill="#ffffff" fill-opacity="0.92" stroke="#cbd5e1" stroke-width="0.6"/>`,
      ...edge.labels.map(
        (label, index) =>
          `<text x="${round(box.x + box.width / 2)}" y="${round(box.y + 2 + LINE_HEIGHT * (index + 1) - 4)}" text-anchor="middle" fill="#334155">${escape(label)}</text>`,
      ),
    );
  }
  return [...lines, ...labels];
}

function contains(outer: string, inner: string): boolean {
  return outer === '' ? inner !== '' : inner.startsWith(`${outer}.`);
}

type Point = { x: number; y: number };

function endpoints(edge: Edge, from: Box, to: Box, edges: Edge[]): [Point, Point] {
  // A state and one inside it: a short vertical arrow from the container's header.
  if (contains(edge.source, edge.target)) {
    const x = to.x + 16;
    return [{ x, y: from.y + HEADER }, { x, y: to.y }];
  }
  if (contains(edge.target, edge.source)) {
    const x = from.x + 16;
    return [{ x, y: from.y }, { x, y: to.y + HEADER }];
  }
  const a = centre(from);
  const b = centre(to);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  // Arrows both ways between two states would coincide: move each to its own side.
  const reverse = edges.some((other) => other.source === edge.target && other.target === edge.source);
  const shift = reverse ? 7 : 0;
  const offset = { x: (-dy / length) * shift, y: (dx / length) * shift };
  const start = { x: a.x + offset.x, y: a.y + offset.y };
  const end = { x: b.x + offset.x, y: b.y + offset.y };
  return [clip(start, end, from), clip(end, start, to)];
}

function centre(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where the line from `inside` towards `outside` leaves the box. */
function clip(inside: Point, outside: Point, box: Box): Point {
  const dx = outside.x - inside.x;
  const dy = outside.y - inside.y;
  const c = centre(box);
  const tx = dx === 0 ? Infinity : (box.width / 2 - Math.sign(dx) * (inside.x - c.x)) / Math.abs(dx);
  const ty = dy === 0 ? Infinity : (box.height / 2 - Math.sign(dy) * (inside.y - c.y)) / Math.abs(dy);
  const t = Math.max(0, Math.min(tx, ty, 1));
  return { x: inside.x + dx * t, y: inside.y + dy * t };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function round(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
