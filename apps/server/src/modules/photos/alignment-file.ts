import { alignmentLimits, type LonLat } from '@formwork/shared/schemas/photos';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../../errors.ts';

/**
 * Reads an uploaded alignment (issue 19.4): a KML document (through @tmcw/togeojson) or GeoJSON,
 * keeping its LineString and MultiLineString geometries in document order as lines of
 * [longitude, latitude]. Anything else, and anything hostile, is a 400 naming `body.content`.
 */
export function readAlignmentFile(content: string): LonLat[][] {
  const text = content.replace(/^\uFEFF/, '').trim();
  const geometries = text.startsWith('<') ? kmlGeometries(text) : text.startsWith('{') ? geoJsonGeometries(text) : null;
  if (!geometries) throw invalid('Upload a KML or GeoJSON file');
  const lines: LonLat[][] = [];
  const collect = (geometry: unknown, depth: number) => {
    if (!isRecord(geometry)) return;
    if (geometry.type === 'LineString') lines.push(line(geometry.coordinates));
    else if (geometry.type === 'MultiLineString') {
      if (!Array.isArray(geometry.coordinates)) throw invalid('A MultiLineString has no coordinates');
      for (const part of geometry.coordinates) lines.push(line(part));
    } else if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries) && depth < 4) {
      // KML's MultiGeometry arrives so.
      for (const part of geometry.geometries) collect(part, depth + 1);
    }
  };
  for (const geometry of geometries) collect(geometry, 0);
  if (lines.length === 0) throw invalid('The file has no line (a LineString or MultiLineString)');
  const points = lines.reduce((sum, l) => sum + l.length, 0);
  if (points > alignmentLimits.maxPoints)
    throw invalid(`The line has ${points} points; at most ${alignmentLimits.maxPoints} are read`);
  return lines;
}

/** The reason is the problem's detail too: the screen shows it as it shows any server message. */
function invalid(message: string) {
  return new AppError('validationFailed', {
    detail: message,
    errors: [{ path: 'body.content', message, code: 'invalid' }],
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line's points, each a valid longitude and latitude; at least two distinct points. */
function line(coordinates: unknown): LonLat[] {
  if (!Array.isArray(coordinates)) throw invalid('A line has no coordinates');
  if (coordinates.length > alignmentLimits.maxPoints)
    throw invalid(`A line has more than ${alignmentLimits.maxPoints} points`);
  const points: LonLat[] = [];
  for (const position of coordinates) {
    if (!Array.isArray(position) || position.length < 2) throw invalid('A point of the line is not a position');
    const [longitude, latitude] = position;
    if (
      typeof longitude !== 'number' ||
      typeof latitude !== 'number' ||
      !Number.isFinite(longitude) ||
      !Number.isFinite(latitude) ||
      Math.abs(longitude) > 180 ||
      Math.abs(latitude) > 90
    )
      throw invalid('A point of the line is not a longitude and latitude in degrees');
    const rounded: LonLat = [round7(longitude), round7(latitude)];
    const last = points[points.length - 1];
    if (!last || last[0] !== rounded[0] || last[1] !== rounded[1]) points.push(rounded);
  }
  if (points.length < 2) throw invalid('A line needs at least two different points');
  return points;
}

/** Seven decimals of a degree are about a centimetre. */
function round7(degrees: number) {
  return Math.round(degrees * 1e7) / 1e7;
}

function geoJsonGeometries(text: string): unknown[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('The file is not valid GeoJSON');
  }
  if (!isRecord(json)) throw invalid('The file is not valid GeoJSON');
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) throw invalid('The FeatureCollection has no features');
    return json.features.map((feature) => (isRecord(feature) ? feature.geometry : null));
  }
  if (json.type === 'Feature') return [json.geometry];
  return [json];
}

/**
 * KML through an XML parser that refuses what a hostile file would use: no document type (so no
 * entity expansion and no external entities), and any parse error fails the upload.
 */
function kmlGeometries(text: string): unknown[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw invalid('The KML may not declare a document type or entities');
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw invalid('The file is not valid KML');
  }
  if (document.documentElement?.localName !== 'kml') throw invalid('The file is not valid KML');
  // togeojson types its answer with the geojson package's types, which are not installed here: read it as plain data.
  const collection: { features: { geometry: unknown }[] } = kml(document);
  return collection.features.map((feature) => feature.geometry);
}
