// Renders the abstract cover images for the demo case studies and insights
// (src/features/content/demo-content.ts), and the team's portraits and the
// clients' logos (src/features/content/demo-firm.ts), into public/images/demo/.
//
//   node_modules/.bin/node scripts/make-demo-images.mjs
//
// Every image is built from an SVG string: layered gradients, geometric
// shapes and thin grid lines in the brand palette. No text. The output is
// deterministic: each image has its own seed.

import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1200;
const H = 800;
const MAX_BYTES = 90 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'public', 'images', 'demo');

const C = {
  navy: '#0b1f3a',
  navyDeep: '#071529',
  navySoft: '#16335c',
  emerald: '#10b981',
  emeraldDeep: '#047857',
  teal: '#14b8a6',
  tealDeep: '#0f766e',
  slate: '#64748b',
  slateDark: '#334155',
  slateLight: '#cbd5e1',
  sand: '#e8d8bf',
  sandWarm: '#d6bf98',
  sandLight: '#f5ede0',
};

/**
 * The colours a composition draws with (each adds its own below).
 * @typedef {{ bgFrom: string, bgTo: string, line: string, accent: string, warm: string }} Palette
 * @typedef {[offset: number, color: string, opacity?: number]} Stop
 */

/**
 * Small deterministic PRNG (mulberry32).
 * @param {number} seed
 */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (/** @type {number} */ n) => n.toFixed(1);

/** @param {string} defs @param {string} body */
function svg(defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${defs}</defs>
${body}
</svg>`;
}

/** @param {string} id @param {Stop[]} stops */
function linear(id, stops, x1 = 0, y1 = 0, x2 = 1, y2 = 1) {
  const s = stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

/** @param {string} id @param {Stop[]} stops */
function radial(id, stops, cx = 0.5, cy = 0.5, r = 0.5) {
  const s = stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`;
}

/** @param {number} step @param {string} color @param {number} opacity */
function grid(step, color, opacity, width = 1) {
  let lines = '';
  for (let x = step; x < W; x += step) lines += `<line x1="${x}" y1="0" x2="${x}" y2="${H}"/>`;
  for (let y = step; y < H; y += step) lines += `<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`;
  return `<g stroke="${color}" stroke-opacity="${opacity}" stroke-width="${width}">${lines}</g>`;
}

/**
 * A smooth band between two wavy lines, used for layered "terrain" shapes.
 * @param {number} baseY @param {number} amp @param {number} phase @param {number} freq
 */
function wavePath(baseY, amp, phase, freq) {
  /** @type {[number, number][]} */
  const pts = [];
  for (let i = 0; i <= 24; i++) {
    const x = (W / 24) * i;
    const y =
      baseY +
      amp * Math.sin((i / 24) * Math.PI * 2 * freq + phase) +
      amp * 0.35 * Math.sin((i / 24) * Math.PI * 5 + phase * 2);
    pts.push([x, y]);
  }
  let d = `M0 ${H} L${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    // The loop's bounds keep i - 1 and i in range (what `!` says in TypeScript).
    const [x0, y0] = /** @type {[number, number]} */ (pts[i - 1]);
    const [x1, y1] = /** @type {[number, number]} */ (pts[i]);
    const mx = (x0 + x1) / 2;
    d += ` Q${f(x0)} ${f(y0)} ${f(mx)} ${f((y0 + y1) / 2)}`;
  }
  d += ` L${W} ${f(pts[pts.length - 1][1])} L${W} ${H} Z`;
  return d;
}

// ---------------------------------------------------------------- compositions

/**
 * Layered waves over a navy sky with a soft glow: flows, logistics, data.
 * @param {number} seed @param {{ glow: string, accent: string, layers: string[] }} palette
 */
function layeredWaves(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, C.navyDeep],
        [0.6, C.navy],
        [1, C.navySoft],
      ],
      0,
      0,
      0.3,
      1,
    ) +
    radial(
      'glow',
      [
        [0, palette.glow, 0.55],
        [1, palette.glow, 0],
      ],
      0.72,
      0.28,
      0.45,
    ) +
    palette.layers
      .map((c, i) =>
        linear(
          `w${i}`,
          [
            [0, c, 0.85],
            [1, c, 0.35],
          ],
          0,
          0,
          1,
          0.4,
        ),
      )
      .join('');
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  body += grid(80, C.slateLight, 0.06);
  palette.layers.forEach((_, i) => {
    const baseY = 360 + i * 105 + r() * 40;
    body += `<path d="${wavePath(baseY, 40 + r() * 45, r() * Math.PI * 2, 1 + r() * 1.2)}" fill="url(#w${i})"/>`;
  });
  // A thin route line with nodes across the top third.
  const nodes = [];
  for (let i = 0; i < 6; i++) nodes.push([120 + i * 190 + r() * 40, 150 + r() * 160]);
  body += `<polyline points="${nodes.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="none" stroke="${C.sand}" stroke-opacity="0.55" stroke-width="2"/>`;
  for (const [x, y] of nodes)
    body += `<circle cx="${f(x)}" cy="${f(y)}" r="7" fill="${C.navy}" stroke="${palette.accent}" stroke-width="3"/>`;
  return svg(defs, body);
}

/**
 * Concentric arcs and rings offset to one side: focus, governance, strategy.
 * @param {number} seed @param {Palette & { left: boolean }} palette
 */
function concentricArcs(seed, palette) {
  const r = rng(seed);
  const cx = palette.left ? 260 + r() * 120 : 860 + r() * 120;
  const cy = 380 + r() * 100;
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'core',
      [
        [0, palette.accent, 0.7],
        [0.6, palette.accent, 0.12],
        [1, palette.accent, 0],
      ],
      cx / W,
      cy / H,
      0.35,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  body += grid(100, palette.line, 0.07);
  body += `<rect width="${W}" height="${H}" fill="url(#core)"/>`;
  for (let i = 0; i < 9; i++) {
    const rad = 70 + i * 58;
    body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${rad}" fill="none" stroke="${i % 3 === 0 ? palette.accent : palette.line}" stroke-opacity="${(0.5 - i * 0.04).toFixed(2)}" stroke-width="${i % 3 === 0 ? 2.5 : 1.2}"/>`;
  }
  // Partial heavier arcs.
  for (let i = 0; i < 3; i++) {
    const rad = 150 + i * 116;
    const a0 = r() * Math.PI * 2;
    const a1 = a0 + 0.8 + r() * 1.6;
    const x0 = cx + rad * Math.cos(a0);
    const y0 = cy + rad * Math.sin(a0);
    const x1 = cx + rad * Math.cos(a1);
    const y1 = cy + rad * Math.sin(a1);
    const large = a1 - a0 > Math.PI ? 1 : 0;
    body += `<path d="M${f(x0)} ${f(y0)} A${rad} ${rad} 0 ${large} 1 ${f(x1)} ${f(y1)}" fill="none" stroke="${i === 1 ? palette.warm : palette.accent}" stroke-width="7" stroke-linecap="round" stroke-opacity="0.85"/>`;
  }
  body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="16" fill="${palette.warm}"/>`;
  return svg(defs, body);
}

/**
 * Network of nodes on a dot grid: AI, agents, sourcing networks.
 * @param {number} seed @param {Palette} palette
 */
function network(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'halo',
      [
        [0, palette.accent, 0.35],
        [1, palette.accent, 0],
      ],
      0.3 + r() * 0.4,
      0.4 + r() * 0.2,
      0.5,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#halo)"/>`;
  let dots = '';
  for (let x = 40; x < W; x += 40) for (let y = 40; y < H; y += 40) dots += `<circle cx="${x}" cy="${y}" r="1.3"/>`;
  body += `<g fill="${palette.line}" fill-opacity="0.22">${dots}</g>`;
  const nodes = [];
  for (let i = 0; i < 30; i++)
    nodes.push([Math.round((80 + r() * (W - 160)) / 40) * 40, Math.round((80 + r() * (H - 160)) / 40) * 40, r()]);
  let edges = '';
  for (let i = 0; i < nodes.length; i++) {
    const [x0, y0] = nodes[i];
    const near = nodes
      .map(([x, y], j) => ({ j, d: Math.hypot(x - x0, y - y0) }))
      .filter(({ j }) => j !== i)
      .sort((a, b) => a.d - b.d)
      .slice(0, 3);
    for (const { j } of near) {
      const [x1, y1] = nodes[j];
      edges += `<line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}"/>`;
    }
  }
  body += `<g stroke="${palette.line}" stroke-opacity="0.45" stroke-width="1.6">${edges}</g>`;
  for (const [x, y, k] of nodes) {
    const big = k > 0.72;
    const color = k > 0.9 ? palette.warm : palette.accent;
    if (big) body += `<circle cx="${x}" cy="${y}" r="26" fill="${color}" fill-opacity="0.16"/>`;
    body += `<circle cx="${x}" cy="${y}" r="${big ? 9 : 5}" fill="${big ? color : palette.bgTo}" stroke="${color}" stroke-width="2.5"/>`;
  }
  return svg(defs, body);
}

/**
 * Diagonal translucent bands: momentum, transformation.
 * @param {number} seed @param {Palette & { bands: string[] }} palette
 */
function diagonalBands(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      1,
      1,
      0,
    ) +
    palette.bands
      .map((c, i) =>
        linear(
          `b${i}`,
          [
            [0, c, 0.0],
            [0.5, c, 0.75],
            [1, c, 0.15],
          ],
          0,
          0,
          1,
          0,
        ),
      )
      .join('');
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  body += grid(60, palette.line, 0.05);
  palette.bands.forEach((_, i) => {
    const x = -300 + i * 260 + r() * 120;
    const w = 120 + r() * 180;
    body += `<polygon points="${f(x)},${H} ${f(x + w)},${H} ${f(x + w + 700)},0 ${f(x + 700)},0" fill="url(#b${i})"/>`;
  });
  for (let i = 0; i < 5; i++) {
    const x = 100 + r() * 1000;
    body += `<line x1="${f(x)}" y1="${H}" x2="${f(x + 700)}" y2="0" stroke="${palette.warm}" stroke-opacity="${(0.25 + r() * 0.3).toFixed(2)}" stroke-width="1.5"/>`;
  }
  const sx = 160 + r() * 260;
  const sy = 120 + r() * 140;
  body += `<rect x="${f(sx)}" y="${f(sy)}" width="180" height="180" fill="none" stroke="${palette.warm}" stroke-width="3" stroke-opacity="0.8"/>`;
  body += `<rect x="${f(sx + 24)}" y="${f(sy + 24)}" width="132" height="132" fill="${palette.accent}" fill-opacity="0.25"/>`;
  return svg(defs, body);
}

/**
 * Rising bars on a baseline with a trend curve: metrics, forecasting, investment.
 * @param {number} seed @param {Palette} palette
 */
function risingBars(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      0,
      1,
    ) +
    linear(
      'bar',
      [
        [0, palette.accent, 0.95],
        [1, palette.accent, 0.15],
      ],
      0,
      0,
      0,
      1,
    ) +
    linear(
      'bar2',
      [
        [0, palette.warm, 0.9],
        [1, palette.warm, 0.1],
      ],
      0,
      0,
      0,
      1,
    ) +
    radial(
      'glow',
      [
        [0, palette.accent, 0.3],
        [1, palette.accent, 0],
      ],
      0.8,
      0.2,
      0.5,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  body += grid(50, palette.line, 0.07);
  const n = 12;
  const baseY = 660;
  /** @type {[number, number][]} */
  const tops = [];
  let h = 90 + r() * 40;
  for (let i = 0; i < n; i++) {
    h += 10 + r() * 38 - (r() < 0.2 ? 40 : 0);
    const x = 120 + i * 80;
    tops.push([x + 24, baseY - h]);
    const hi = i === n - 1 || i === Math.floor(n * 0.6);
    body += `<rect x="${x}" y="${f(baseY - h)}" width="48" height="${f(h)}" fill="url(#${hi ? 'bar2' : 'bar'})"/>`;
  }
  body += `<line x1="80" y1="${baseY}" x2="${W - 80}" y2="${baseY}" stroke="${palette.line}" stroke-opacity="0.6" stroke-width="2"/>`;
  let d = `M${tops[0][0]} ${f(tops[0][1] - 40)}`;
  for (let i = 1; i < tops.length; i++) {
    // The loop's bounds keep i - 1 and i in range (what `!` says in TypeScript).
    const [x0, y0] = /** @type {[number, number]} */ (tops[i - 1]);
    const [x1, y1] = /** @type {[number, number]} */ (tops[i]);
    d += ` C${f(x0 + 40)} ${f(y0 - 40)} ${f(x1 - 40)} ${f(y1 - 40)} ${x1} ${f(y1 - 40)}`;
  }
  body += `<path d="${d}" fill="none" stroke="${palette.warm}" stroke-width="3" stroke-opacity="0.9"/>`;
  const [lx, ly] = tops[tops.length - 1];
  body += `<circle cx="${lx}" cy="${f(ly - 40)}" r="9" fill="${palette.warm}"/>`;
  return svg(defs, body);
}

/**
 * Topographic contour lines around two peaks: markets, terrain, exploration.
 * @param {number} seed @param {Palette} palette
 */
function contours(seed, palette) {
  const r = rng(seed);
  const peaks = [
    [250 + r() * 300, 250 + r() * 300, 1],
    [700 + r() * 300, 300 + r() * 250, 0.8],
  ];
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'p0',
      [
        [0, palette.accent, 0.4],
        [1, palette.accent, 0],
      ],
      peaks[0][0] / W,
      peaks[0][1] / H,
      0.35,
    ) +
    radial(
      'p1',
      [
        [0, palette.warm, 0.3],
        [1, palette.warm, 0],
      ],
      peaks[1][0] / W,
      peaks[1][1] / H,
      0.3,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#p0)"/><rect width="${W}" height="${H}" fill="url(#p1)"/>`;
  body += grid(120, palette.line, 0.06);
  peaks.forEach(([px, py, s], k) => {
    const wob = [r() * 6, r() * 6, r() * 6];
    for (let i = 1; i <= 11; i++) {
      const base = i * 34 * s;
      let d = '';
      for (let a = 0; a <= 72; a++) {
        const t = (a / 72) * Math.PI * 2;
        const rad =
          base *
          (1 +
            0.12 * Math.sin(3 * t + wob[0]) +
            0.07 * Math.sin(5 * t + wob[1] + i * 0.3) +
            0.05 * Math.cos(2 * t + wob[2]));
        const x = px + rad * Math.cos(t) * 1.25;
        const y = py + rad * Math.sin(t);
        d += `${a === 0 ? 'M' : 'L'}${f(x)} ${f(y)} `;
      }
      const major = i % 4 === 0;
      body += `<path d="${d}Z" fill="none" stroke="${major ? (k === 0 ? palette.accent : palette.warm) : palette.line}" stroke-opacity="${major ? 0.8 : 0.35}" stroke-width="${major ? 2.4 : 1.2}"/>`;
    }
  });
  body += `<line x1="${f(peaks[0][0])}" y1="${f(peaks[0][1])}" x2="${f(peaks[1][0])}" y2="${f(peaks[1][1])}" stroke="${C.sandLight}" stroke-opacity="0.6" stroke-width="2" stroke-dasharray="6 10"/>`;
  for (const [px, py] of peaks) body += `<circle cx="${f(px)}" cy="${f(py)}" r="8" fill="${C.sandLight}"/>`;
  return svg(defs, body);
}

/**
 * Stacked isometric tiles: platforms, architecture, data products.
 * @param {number} seed @param {Palette & { tile: string, sideA: string, sideB: string }} palette
 */
function isoBlocks(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'glow',
      [
        [0, palette.accent, 0.28],
        [1, palette.accent, 0],
      ],
      0.5,
      0.55,
      0.55,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  body += grid(80, palette.line, 0.05);
  const s = 60; // half-width of a tile
  const ox = 600;
  const oy = 250;
  const cells = [];
  for (let gx = 0; gx < 6; gx++) for (let gy = 0; gy < 6; gy++) cells.push([gx, gy]);
  cells.sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  for (const [gx, gy] of cells) {
    const x = ox + (gx - gy) * s;
    const y = oy + (gx + gy) * s * 0.58;
    const k = r();
    const hgt = k > 0.8 ? 70 + r() * 90 : k > 0.45 ? 20 + r() * 30 : 6;
    const top = k > 0.92 ? palette.warm : k > 0.45 ? palette.accent : palette.tile;
    const ty = y - hgt;
    const hs = s * 0.58;
    body += `<polygon points="${f(x - s)},${f(ty)} ${f(x)},${f(ty + hs)} ${f(x)},${f(y + hs)} ${f(x - s)},${f(y)}" fill="${palette.sideA}"/>`;
    body += `<polygon points="${f(x + s)},${f(ty)} ${f(x)},${f(ty + hs)} ${f(x)},${f(y + hs)} ${f(x + s)},${f(y)}" fill="${palette.sideB}"/>`;
    body += `<polygon points="${f(x)},${f(ty - hs)} ${f(x + s)},${f(ty)} ${f(x)},${f(ty + hs)} ${f(x - s)},${f(ty)}" fill="${top}" fill-opacity="0.92" stroke="${palette.bgFrom}" stroke-opacity="0.5" stroke-width="1"/>`;
  }
  return svg(defs, body);
}

/**
 * A matrix of cells with varying intensity and one highlighted row: reviews, assessments.
 * @param {number} seed @param {Palette} palette
 */
function matrix(seed, palette) {
  const r = rng(seed);
  const defs =
    linear(
      'bg',
      [
        [0, palette.bgFrom],
        [1, palette.bgTo],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'glow',
      [
        [0, palette.accent, 0.25],
        [1, palette.accent, 0],
      ],
      0.35,
      0.45,
      0.6,
    );
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  const cols = 14;
  const rows = 8;
  const size = 52;
  const gap = 14;
  const x0 = (W - (cols * size + (cols - 1) * gap)) / 2;
  const y0 = (H - (rows * size + (rows - 1) * gap)) / 2;
  const hiRow = 2 + Math.floor(r() * 4);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = x0 + col * (size + gap);
      const y = y0 + row * (size + gap);
      // Intensity drifts diagonally, with some noise.
      const t = Math.min(1, Math.max(0, 0.15 + (col / cols) * 0.5 + (row / rows) * 0.2 + (r() - 0.5) * 0.5));
      const color = row === hiRow ? palette.warm : t > 0.7 ? palette.accent : palette.line;
      const opacity = row === hiRow ? 0.35 + t * 0.55 : t > 0.7 ? 0.45 + t * 0.4 : 0.06 + t * 0.2;
      body += `<rect x="${f(x)}" y="${f(y)}" width="${size}" height="${size}" rx="8" fill="${color}" fill-opacity="${opacity.toFixed(2)}"/>`;
    }
  }
  const hy = y0 + hiRow * (size + gap) - gap / 2;
  body += `<rect x="${f(x0 - 18)}" y="${f(hy)}" width="${f(cols * (size + gap) + 22)}" height="${size + gap}" rx="14" fill="none" stroke="${palette.warm}" stroke-opacity="0.8" stroke-width="2"/>`;
  return svg(defs, body);
}

// ---------------------------------------------------------------- the images

const navyBase = { bgFrom: C.navyDeep, bgTo: C.navy, line: C.slateLight };

/** @type {[name: string, build: () => string][]} */
const images = [
  // Case studies
  [
    'case-logistics-control-tower',
    () => layeredWaves(11, { glow: C.teal, accent: C.emerald, layers: [C.tealDeep, C.emeraldDeep, C.slateDark] }),
  ],
  [
    'case-agrifood-demand-forecasting',
    () => risingBars(23, { bgFrom: '#0e2a3f', bgTo: C.navyDeep, line: C.sand, accent: C.emerald, warm: C.sandWarm }),
  ],
  [
    'case-insurance-claims-triage',
    () => network(37, { bgFrom: C.navy, bgTo: '#0a2a33', line: C.slateLight, accent: C.teal, warm: C.sand }),
  ],
  [
    'case-industrial-corporate-venturing',
    () =>
      isoBlocks(41, {
        bgFrom: C.slateDark,
        bgTo: C.navyDeep,
        line: C.slateLight,
        accent: C.emerald,
        warm: C.sandWarm,
        tile: '#1e3a5f',
        sideA: '#0f5c54',
        sideB: '#0c2f45',
      }),
  ],
  [
    'case-retail-strategic-plan',
    () =>
      concentricArcs(53, {
        bgFrom: '#f3ead9',
        bgTo: C.sandWarm,
        line: C.slate,
        accent: C.tealDeep,
        warm: C.navy,
        left: false,
      }),
  ],
  ['case-healthtech-cross-border-investment', () => contours(67, { ...navyBase, accent: C.emerald, warm: C.sand })],
  // Insights
  [
    'insight-erp-migrations',
    () =>
      diagonalBands(71, {
        bgFrom: C.navyDeep,
        bgTo: C.navySoft,
        line: C.slateLight,
        accent: C.teal,
        warm: C.sand,
        bands: [C.tealDeep, C.slate, C.emeraldDeep, C.navySoft],
      }),
  ],
  [
    'insight-us-investors-spain',
    () => contours(83, { bgFrom: '#12283f', bgTo: '#0d3b3a', line: C.sand, accent: C.sandWarm, warm: C.emerald }),
  ],
  ['insight-ai-governance', () => concentricArcs(97, { ...navyBase, accent: C.emerald, warm: C.sand, left: true })],
  [
    'insight-ai-pilot-to-production',
    () => network(101, { bgFrom: '#0f2f2c', bgTo: C.navyDeep, line: C.sand, accent: C.emerald, warm: C.sandWarm }),
  ],
  [
    'insight-data-products',
    () =>
      isoBlocks(113, {
        bgFrom: '#efe4d1',
        bgTo: '#d9c7a7',
        line: C.slate,
        accent: C.tealDeep,
        warm: C.emerald,
        tile: '#c9b48f',
        sideA: '#8f7c5c',
        sideB: '#b3a07f',
      }),
  ],
  [
    'insight-technical-due-diligence',
    () => matrix(127, { bgFrom: C.slateDark, bgTo: C.navyDeep, line: C.slateLight, accent: C.teal, warm: C.sand }),
  ],
  [
    'insight-measuring-transformation',
    () => layeredWaves(131, { glow: C.sandWarm, accent: C.sand, layers: [C.slate, C.tealDeep, C.navySoft] }),
  ],
  [
    'insight-ai-agents-back-office',
    () =>
      diagonalBands(139, {
        bgFrom: '#0d3b3a',
        bgTo: C.navyDeep,
        line: C.sand,
        accent: C.emerald,
        warm: C.sandLight,
        bands: [C.emeraldDeep, C.teal, C.slateDark, C.tealDeep],
      }),
  ],
];

await mkdir(outDir, { recursive: true });

let failed = false;
for (const [name, build] of images) {
  const file = path.join(outDir, `${name}.jpg`);
  let quality = 78;
  for (;;) {
    await sharp(Buffer.from(build())).jpeg({ quality, mozjpeg: true }).toFile(file);
    const { size } = await stat(file);
    if (size <= MAX_BYTES || quality <= 60) {
      const note = size > MAX_BYTES ? '  OVER LIMIT' : '';
      if (size > MAX_BYTES) failed = true;
      console.log(`${name}.jpg  ${(size / 1024).toFixed(1)} KB  (q${quality})${note}`);
      break;
    }
    quality -= 4;
  }
}
// ---------------------------------------------------------------- portraits and logos

/**
 * An illustrated avatar, no face: a head and shoulders in flat shapes over a patterned disc, in a person's colours.
 * @param {number} seed @param {{ bg: string, ring: string, skin: string, hair: string, jacket: string, shirt: string, long: boolean }} p
 */
function portrait(seed, p) {
  const r = rng(seed);
  const S = 480;
  let pattern = '';
  for (let i = 0; i < 7; i++) {
    const rad = 60 + i * 34;
    pattern += `<circle cx="${S / 2}" cy="${S / 2}" r="${rad}" fill="none" stroke="${p.ring}" stroke-opacity="${(0.35 - i * 0.04).toFixed(2)}" stroke-width="${i % 2 ? 2 : 6}"/>`;
  }
  // The hair: long hair falls behind the head and over its top; short hair is a cap over the top only.
  const behind = p.long
    ? `<path d="M150 240 C140 120 340 100 332 230 C336 290 330 330 342 360 L138 360 C152 320 146 290 150 240 Z" fill="${p.hair}"/>`
    : '';
  const cap = p.long
    ? `<path d="M156 220 C146 86 334 86 324 220 C306 172 226 150 156 220 Z" fill="${p.hair}"/>`
    : `<path d="M158 210 C150 86 330 86 322 210 C306 ${f(170 + r() * 10)} 270 158 240 160 C206 162 176 176 160 206 Z" fill="${p.hair}"/>`;
  const body = `${behind}
<rect x="214" y="262" width="52" height="60" rx="18" fill="${p.skin}"/>
<ellipse cx="240" cy="214" rx="78" ry="90" fill="${p.skin}"/>
${cap}
<path d="M96 ${S} C100 360 170 318 240 318 C310 318 380 360 384 ${S} Z" fill="${p.jacket}"/>
<path d="M206 320 L240 392 L274 320 Z" fill="${p.shirt}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
<rect width="${S}" height="${S}" fill="${p.bg}"/>${pattern}${body}</svg>`;
}

/**
 * A client's logo: an abstract monogram mark (initial in a shape) and the name as a wordmark, on transparent ground.
 * @param {string} name @param {{ mark: 'circle' | 'square' | 'diamond' | 'arc', color: string }} p
 */
function logo(name, p) {
  const LW = 480;
  const LH = 160;
  const initial = name.charAt(0);
  const shapes = {
    circle: `<circle cx="80" cy="80" r="52" fill="${p.color}"/>`,
    square: `<rect x="30" y="30" width="100" height="100" rx="18" fill="${p.color}"/>`,
    diamond: `<polygon points="80,22 138,80 80,138 22,80" fill="${p.color}"/>`,
    arc: `<path d="M28 122 A60 60 0 0 1 132 122 L108 122 A36 36 0 0 0 52 122 Z" fill="${p.color}"/><circle cx="80" cy="58" r="22" fill="${p.color}"/>`,
  };
  const letter =
    p.mark === 'arc'
      ? ''
      : `<text x="80" y="98" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="52" fill="#ffffff">${initial}</text>`;
  const words = name.split(' ');
  const lines = words.length > 1 && name.length > 12 ? [words[0], words.slice(1).join(' ')] : [name];
  const text = lines
    .map(
      (line, i) =>
        `<text x="160" y="${lines.length === 1 ? 96 : 74 + i * 42}" font-family="DejaVu Sans" font-weight="${i === 0 ? 'bold' : 'normal'}" font-size="${lines.length === 1 ? 40 : 34}" fill="${C.navy}">${line}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LW}" height="${LH}" viewBox="0 0 ${LW} ${LH}">${shapes[p.mark]}${letter}${text}</svg>`;
}

const MAX_SMALL_BYTES = 30 * 1024;

/** @type {[name: string, format: 'webp' | 'png', build: () => string][]} */
const small = [
  [
    'team-alejandro-rios',
    'webp',
    () =>
      portrait(7, {
        bg: C.navy,
        ring: C.emerald,
        skin: '#d9a27c',
        hair: '#2b2118',
        jacket: C.navySoft,
        shirt: C.sandLight,
        long: false,
      }),
  ],
  [
    'team-lucia-ferrer',
    'webp',
    () =>
      portrait(19, {
        bg: C.tealDeep,
        ring: C.sand,
        skin: '#e8b895',
        hair: '#5a3522',
        jacket: C.navy,
        shirt: C.emerald,
        long: true,
      }),
  ],
  [
    'team-javier-montalban',
    'webp',
    () =>
      portrait(29, {
        bg: C.sandWarm,
        ring: C.navy,
        skin: '#b9825f',
        hair: '#8b8f96',
        jacket: C.slateDark,
        shirt: C.sandLight,
        long: false,
      }),
  ],
  ['client-naviera-cantabrica', 'png', () => logo('Naviera Cantábrica', { mark: 'arc', color: C.tealDeep })],
  ['client-grupo-alcor', 'png', () => logo('Grupo Alcor', { mark: 'square', color: C.navy })],
  ['client-hortalia', 'png', () => logo('Hortalia', { mark: 'circle', color: C.emeraldDeep })],
  ['client-seguros-atalaya', 'png', () => logo('Seguros Atalaya', { mark: 'diamond', color: C.navySoft })],
  ['client-meridia-salud', 'png', () => logo('Meridia Salud', { mark: 'circle', color: C.teal })],
  ['client-termia-energia', 'png', () => logo('Termia Energía', { mark: 'square', color: C.slateDark })],
];

for (const [name, format, build] of small) {
  const file = path.join(outDir, `${name}.${format}`);
  const image = sharp(Buffer.from(build()));
  await (format === 'webp' ? image.webp({ quality: 80 }) : image.png({ palette: true, compressionLevel: 9 })).toFile(
    file,
  );
  const { size } = await stat(file);
  if (size > MAX_SMALL_BYTES) failed = true;
  console.log(`${name}.${format}  ${(size / 1024).toFixed(1)} KB${size > MAX_SMALL_BYTES ? '  OVER LIMIT' : ''}`);
}

if (failed) process.exitCode = 1;
