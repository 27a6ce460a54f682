import sharp from 'sharp';

/*
 * The demo facilities' photos, drawn at seed time (no image files are shipped): a scene of the
 * facility in perspective (the hall from the back with its stage, the field from the touchline
 * with its posts and floodlights) and a band naming it, rendered by sharp to a JPEG as a camera
 * would give one, then uploaded through the facilities' own picture pipeline.
 */

const W = 1600;
const H = 1200;
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function nameBand(title: string, subtitle: string): string {
  return `<rect x="0" y="${H - 150}" width="${W}" height="150" fill="#0f172a" fill-opacity="0.72"/>
  <text x="60" y="${H - 82}" font-family="sans-serif" font-size="64" font-weight="bold" fill="#ffffff">${esc(title)}</text>
  <text x="60" y="${H - 32}" font-family="sans-serif" font-size="34" fill="#e2e8f0">${esc(subtitle)}</text>`;
}

/** A point on the floor between the back wall (t = 0) and the camera (t = 1), x from -1 (left) to 1. */
function floor(x: number, t: number, horizon: number, backHalf: number, frontHalf: number) {
  const y = horizon + (H - horizon) * t;
  const half = backHalf + (frontHalf - backHalf) * t;
  return { x: W / 2 + x * half, y };
}

/** The school hall from the back: wooden floor, stage with red curtains, chairs in rows or round tables. */
function hallScene(layout: 'chairs' | 'tables'): string {
  const horizon = 470;
  const back = 560;
  const parts: string[] = [];
  // Floorboards converge on the stage.
  for (let i = -12; i <= 12; i++) {
    const a = floor(i / 12, 0, horizon, back, 1400);
    const b = floor(i / 12, 1, horizon, back, 1400);
    parts.push(
      `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#7c4a1e" stroke-opacity="0.35" stroke-width="2"/>`,
    );
  }
  // Windows on the side walls, in perspective.
  for (let i = 0; i < 4; i++) {
    const x0 = 40 + i * 90;
    const x1 = x0 + 55;
    const top0 = 170 + i * 30;
    const top1 = top0 + 20;
    const bottom0 = 620 - i * 35;
    const bottom1 = bottom0 - 22;
    parts.push(
      `<polygon points="${x0},${top0} ${x1},${top1} ${x1},${bottom1} ${x0},${bottom0}" fill="url(#sky)" stroke="#f8fafc" stroke-width="6"/>`,
      `<polygon points="${W - x0},${top0} ${W - x1},${top1} ${W - x1},${bottom1} ${W - x0},${bottom0}" fill="url(#sky)" stroke="#f8fafc" stroke-width="6"/>`,
    );
  }
  if (layout === 'chairs') {
    for (let row = 0; row < 9; row++) {
      const t = 0.12 + row * 0.095;
      const seatW = 34 + 60 * t;
      for (let seat = -7; seat <= 7; seat++) {
        if (seat === 0) continue; // the aisle
        const p = floor(seat / 8.2, t, horizon, back, 1400);
        parts.push(
          `<rect x="${p.x - seatW / 2}" y="${p.y - seatW * 1.1}" width="${seatW}" height="${seatW * 0.75}" rx="${seatW * 0.12}" fill="#1e3a8a"/>`,
          `<rect x="${p.x - seatW / 2}" y="${p.y - seatW * 0.4}" width="${seatW}" height="${seatW * 0.22}" fill="#1d4ed8"/>`,
          `<line x1="${p.x - seatW * 0.4}" y1="${p.y - seatW * 0.2}" x2="${p.x - seatW * 0.4}" y2="${p.y + seatW * 0.25}" stroke="#334155" stroke-width="${1 + seatW * 0.05}"/>`,
          `<line x1="${p.x + seatW * 0.4}" y1="${p.y - seatW * 0.2}" x2="${p.x + seatW * 0.4}" y2="${p.y + seatW * 0.25}" stroke="#334155" stroke-width="${1 + seatW * 0.05}"/>`,
        );
      }
    }
  } else {
    for (let row = 0; row < 4; row++) {
      const t = 0.18 + row * 0.2;
      for (let n = -2; n <= 2; n++) {
        const p = floor((n + (row % 2 ? 0.5 : 0)) / 2.8, t, horizon, back, 1400);
        const r = 60 + 150 * t;
        parts.push(
          `<ellipse cx="${p.x}" cy="${p.y + r * 0.18}" rx="${r}" ry="${r * 0.32}" fill="#000000" fill-opacity="0.12"/>`,
          `<ellipse cx="${p.x}" cy="${p.y}" rx="${r}" ry="${r * 0.3}" fill="#f8fafc"/>`,
          `<path d="M${p.x - r},${p.y} L${p.x - r},${p.y + r * 0.22} A${r},${r * 0.3} 0 0 0 ${p.x + r},${p.y + r * 0.22} L${p.x + r},${p.y} A${r},${r * 0.3} 0 0 1 ${p.x - r},${p.y}Z" fill="#e2e8f0"/>`,
          `<circle cx="${p.x}" cy="${p.y - r * 0.08}" r="${r * 0.09}" fill="#f59e0b"/>`,
        );
      }
    }
  }
  const lights = Array.from({ length: 5 }, (_, i) => {
    const x = 360 + i * 220;
    return `<ellipse cx="${x}" cy="95" rx="70" ry="14" fill="#fffbeb"/><ellipse cx="${x}" cy="110" rx="160" ry="60" fill="url(#glow)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe6d2"/><stop offset="1" stop-color="#d6c7a6"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7793d"/><stop offset="1" stop-color="#d9a35f"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bae6fd"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>
    <linearGradient id="curtain" x1="0" y1="0" x2="46" y2="0" spreadMethod="repeat" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#7f1d1d"/><stop offset="0.5" stop-color="#b91c1c"/><stop offset="1" stop-color="#7f1d1d"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#fffbeb" stop-opacity="0.55"/><stop offset="1" stop-color="#fffbeb" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <polygon points="0,0 ${W},0 ${W / 2 + back + 60},170 ${W / 2 - back - 60},170" fill="#f8f5ee"/>
  ${lights}
  <polygon points="${W / 2 - back},${horizon} ${W / 2 + back},${horizon} ${W / 2 + 1400},${H} ${W / 2 - 1400},${H}" fill="url(#wood)"/>
  <rect x="${W / 2 - 430}" y="210" width="860" height="200" fill="#1f2937"/>
  <rect x="${W / 2 - 430}" y="210" width="300" height="200" fill="url(#curtain)"/>
  <rect x="${W / 2 + 130}" y="210" width="300" height="200" fill="url(#curtain)"/>
  <rect x="${W / 2 - 450}" y="185" width="900" height="40" fill="#991b1b"/>
  <rect x="${W / 2 - 120}" y="300" width="24" height="60" fill="#111827"/><rect x="${W / 2 - 128}" y="290" width="40" height="14" fill="#374151"/>
  <rect x="${W / 2 + 360}" y="330" width="50" height="80" fill="#111827"/><rect x="${W / 2 - 410}" y="330" width="50" height="80" fill="#111827"/>
  <polygon points="${W / 2 - 470},410 ${W / 2 + 470},410 ${W / 2 + 500},${horizon} ${W / 2 - 500},${horizon}" fill="#6b4423"/>
  <rect x="${W / 2 - 500}" y="${horizon - 6}" width="1000" height="8" fill="#4a2e16"/>
  ${parts.join('\n  ')}
</svg>`;
}

/** The sports field from the touchline: mown stripes, white lines, rugby posts, floodlights, the pavilion. */
function fieldScene(time: 'day' | 'dusk'): string {
  const horizon = 520;
  const far = 700;
  const near = 2600;
  const at = (x: number, t: number) => floor(x, t, horizon, far, near);
  const stripes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const t0 = Math.pow(i / 12, 1.6);
    const t1 = Math.pow((i + 1) / 12, 1.6);
    const a = at(-1.3, t0);
    const b = at(1.3, t0);
    const c = at(1.3, t1);
    const d = at(-1.3, t1);
    stripes.push(
      `<polygon points="${a.x},${a.y} ${b.x},${b.y} ${c.x},${c.y} ${d.x},${d.y}" fill="${i % 2 ? '#3f8f3a' : '#4aa344'}"/>`,
    );
  }
  const line = (x0: number, t0: number, x1: number, t1: number, w = 6) => {
    const a = at(x0, t0);
    const b = at(x1, t1);
    return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#f8fafc" stroke-width="${w}" stroke-opacity="0.9"/>`;
  };
  const lines = [
    line(-1, 0.02, 1, 0.02, 4),
    line(-1, 0.02, -1, 1, 7),
    line(1, 0.02, 1, 1, 7),
    line(-1, 0.2, 1, 0.2, 5),
    line(-1, 0.45, 1, 0.45, 6),
  ];
  const posts = (x: number) => {
    const base = at(x, 0.02);
    return `<rect x="${base.x - 5}" y="${base.y - 260}" width="10" height="260" fill="#f8fafc"/>`;
  };
  const left = at(-0.12, 0.02);
  const right = at(0.12, 0.02);
  const pylon = (x: number, tall: number) => {
    const glow =
      time === 'dusk' ? `<ellipse cx="${x}" cy="${horizon - tall}" rx="140" ry="90" fill="url(#flood)"/>` : '';
    return `${glow}<rect x="${x - 6}" y="${horizon - tall}" width="12" height="${tall}" fill="#64748b"/>
    <rect x="${x - 50}" y="${horizon - tall - 36}" width="100" height="44" rx="4" fill="${time === 'dusk' ? '#fef9c3' : '#cbd5e1'}" stroke="#475569" stroke-width="4"/>`;
  };
  const trees = Array.from({ length: 26 }, (_, i) => {
    const x = i * 64 + (i % 3) * 11;
    const r = 34 + ((i * 7) % 20);
    return `<circle cx="${x}" cy="${horizon - r * 0.6}" r="${r}" fill="${time === 'dusk' ? '#14532d' : '#166534'}"/>`;
  }).join('');
  const sky =
    time === 'day'
      ? '<stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#dbeafe"/>'
      : '<stop offset="0" stop-color="#1e1b4b"/><stop offset="0.65" stop-color="#c2410c"/><stop offset="1" stop-color="#fdba74"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${sky}</linearGradient>
    <radialGradient id="flood"><stop offset="0" stop-color="#fef9c3" stop-opacity="0.85"/><stop offset="1" stop-color="#fef9c3" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${horizon + 2}" fill="url(#sky)"/>
  ${time === 'day' ? '<ellipse cx="380" cy="150" rx="150" ry="36" fill="#ffffff" fill-opacity="0.85"/><ellipse cx="1180" cy="210" rx="190" ry="40" fill="#ffffff" fill-opacity="0.75"/>' : ''}
  ${trees}
  <rect x="120" y="${horizon - 120}" width="300" height="110" fill="#e7e5e4"/><polygon points="100,${horizon - 120} 440,${horizon - 120} 400,${horizon - 170} 140,${horizon - 170}" fill="#991b1b"/>
  <rect x="160" y="${horizon - 90}" width="220" height="50" fill="#475569"/>
  ${stripes.join('\n  ')}
  ${lines.join('\n  ')}
  ${posts(-0.12)}${posts(0.12)}
  <rect x="${left.x}" y="${left.y - 90}" width="${right.x - left.x}" height="9" fill="#f8fafc"/>
  ${pylon(240, 330)}${pylon(1360, 330)}
</svg>`;
}

/** A photo of a demo facility (1 600 × 1 200 JPEG) showing the scene and the facility's name. */
export async function demoFacilityPicture(
  scene: 'hall-chairs' | 'hall-tables' | 'field-day' | 'field-dusk',
  title: string,
  subtitle: string,
): Promise<Buffer> {
  const drawing =
    scene === 'hall-chairs'
      ? hallScene('chairs')
      : scene === 'hall-tables'
        ? hallScene('tables')
        : fieldScene(scene === 'field-day' ? 'day' : 'dusk');
  const svg = drawing.replace('</svg>', `${nameBand(title, subtitle)}</svg>`);
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
