import type { LonLat } from '@formwork/shared/schemas/photos';

/** Mean earth radius (IUGG), in metres: the sphere the distances are measured on. */
export const earthRadiusM = 6_371_008.8;
const radians = Math.PI / 180;

/**
 * A segment of the alignment in a local plane: east and north metres from its start, scaled at the
 * segment's mean latitude (an equirectangular projection, good to well under 0.1% over the few
 * kilometres a segment of a surveyed centreline spans).
 */
type Segment = { start: LonLat; cosLat: number; dx: number; dy: number; lengthM: number; chainageM: number };

export type Chainage = { chainageM: number; offsetM: number };

function toPlane(origin: LonLat, cosLat: number, point: LonLat): [number, number] {
  return [(point[0] - origin[0]) * radians * earthRadiusM * cosLat, (point[1] - origin[1]) * radians * earthRadiusM];
}

/**
 * The segments of the lines in order, each with the chainage at its start: chainage runs along
 * the lines one after another (a gap between two lines adds nothing).
 */
export function alignmentSegments(lines: LonLat[][]): Segment[] {
  const segments: Segment[] = [];
  let chainageM = 0;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const start = line[i - 1] as LonLat;
      const end = line[i] as LonLat;
      const cosLat = Math.cos(((start[1] + end[1]) / 2) * radians);
      const [dx, dy] = toPlane(start, cosLat, end);
      const lengthM = Math.hypot(dx, dy);
      if (lengthM === 0) continue;
      segments.push({ start, cosLat, dx, dy, lengthM, chainageM });
      chainageM += lengthM;
    }
  }
  return segments;
}

/** Length of the lines together, in metres. */
export function alignmentLength(segments: Segment[]): number {
  const last = segments[segments.length - 1];
  return last ? last.chainageM + last.lengthM : 0;
}

/**
 * Where a point lies along the alignment: the chainage of the nearest point of the line, and the
 * distance to it, negative when the point is left of the line (looking along it) and positive
 * when right. Null when the point is further than `reachM` from every segment.
 */
export function chainageOf(segments: Segment[], point: LonLat, reachM: number): Chainage | null {
  let best: { distance: number; chainageM: number; offsetM: number } | null = null;
  for (const segment of segments) {
    const [px, py] = toPlane(segment.start, segment.cosLat, point);
    const along = (px * segment.dx + py * segment.dy) / segment.lengthM;
    const t = Math.min(1, Math.max(0, along / segment.lengthM));
    const fx = segment.dx * t;
    const fy = segment.dy * t;
    const distance = Math.hypot(px - fx, py - fy);
    if (best && distance >= best.distance) continue;
    // The cross product of the segment and the point: positive when the point is to its left.
    const cross = segment.dx * py - segment.dy * px;
    best = { distance, chainageM: segment.chainageM + segment.lengthM * t, offsetM: cross > 0 ? -distance : distance };
  }
  if (!best || best.distance > reachM) return null;
  return { chainageM: round(best.chainageM), offsetM: round(best.offsetM) };
}

/** Centimetres are more than a phone's GPS knows. */
function round(metres: number) {
  return Math.round(metres * 100) / 100;
}
