import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { readAlignmentFile } from './alignment-file.ts';
import { alignmentLength, alignmentSegments, chainageOf, earthRadiusM } from './alignment-geometry.ts';

/** One degree of a great circle on the sphere, in metres (111,195.08 m). */
const degreeM = (earthRadiusM * Math.PI) / 180;

describe('chainage and offset', () => {
  // Eastward along the equator for one degree.
  const equator = alignmentSegments([
    [
      [0, 0],
      [1, 0],
    ],
  ]);

  it('measures the line on the sphere', () => {
    expect(alignmentLength(equator)).toBeCloseTo(111_195.08, 1);
  });

  it('gives the chainage along the line and the offset, left negative and right positive', () => {
    // 0.001 degree north of the equator, half way: 55,597.54 m along, 111.20 m to the left.
    expect(chainageOf(equator, [0.5, 0.001], 5000)).toEqual({ chainageM: 55_597.54, offsetM: -111.2 });
    expect(chainageOf(equator, [0.5, -0.001], 5000)).toEqual({ chainageM: 55_597.54, offsetM: 111.2 });
    expect(chainageOf(equator, [0, 0], 5000)).toEqual({ chainageM: 0, offsetM: 0 });
  });

  it('scales east-west distances by the latitude (one degree of longitude at 60° is half a degree)', () => {
    const north = alignmentSegments([
      [
        [10, 60],
        [11, 60],
      ],
    ]);
    expect(alignmentLength(north)).toBeCloseTo(degreeM / 2, 0);
    const found = chainageOf(north, [10.25, 60], 5000);
    expect(found?.chainageM).toBeCloseTo(degreeM / 8, 0);
    expect(found?.offsetM).toBeCloseTo(0, 1);
  });

  it('follows the lines in order across their bends and parts, and clamps to the ends', () => {
    // North 0.01°, then east 0.01°; then a second part further east going south.
    const lines = alignmentSegments([
      [
        [0, 0],
        [0, 0.01],
        [0.01, 0.01],
      ],
      [
        [0.02, 0.01],
        [0.02, 0],
      ],
    ]);
    const leg = degreeM / 100;
    expect(alignmentLength(lines)).toBeCloseTo(3 * leg, 1);
    // Just east of the first leg, half way up: right of a northward line.
    const first = chainageOf(lines, [0.0001, 0.005], 5000);
    expect(first?.chainageM).toBeCloseTo(leg / 2, 1);
    expect(first?.offsetM).toBeCloseTo(degreeM / 10_000, 1);
    // Just south of the second leg (right of an eastward line), three quarters along it.
    const second = chainageOf(lines, [0.0075, 0.0099], 5000);
    expect(second?.chainageM).toBeCloseTo(leg * 1.75, 0);
    expect(second?.offsetM).toBeGreaterThan(0);
    // East of the southward part: left of it.
    const third = chainageOf(lines, [0.021, 0.005], 5000);
    expect(third?.chainageM).toBeCloseTo(leg * 2.5, 0);
    expect(third?.offsetM).toBeCloseTo(-degreeM / 1000, 0);
    // Before the start: chainage 0, the distance to the start.
    expect(chainageOf(lines, [0, -0.001], 5000)?.chainageM).toBe(0);
  });

  it('leaves out a point further than the reach from the line', () => {
    expect(chainageOf(equator, [0.5, 0.1], 5000)).toBeNull();
    expect(chainageOf([], [0.5, 0], 5000)).toBeNull();
  });
});

function fieldError(read: () => unknown) {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).fieldErrors[0];
  }
  throw new Error('expected a 400');
}

const kml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;

describe('alignment files', () => {
  it('reads KML line strings (and multi-geometries) in document order, dropping altitude', () => {
    const lines = readAlignmentFile(
      kml(`<Placemark><name>Pin</name><Point><coordinates>151,-33</coordinates></Point></Placemark>
        <Placemark><LineString><coordinates>151.2,-33.87,10 151.21,-33.87,12</coordinates></LineString></Placemark>
        <Placemark><MultiGeometry><LineString><coordinates>151.21,-33.87 151.22,-33.86</coordinates></LineString>
        <LineString><coordinates>151.22,-33.86 151.23,-33.86</coordinates></LineString></MultiGeometry></Placemark>`),
    );
    expect(lines).toEqual([
      [
        [151.2, -33.87],
        [151.21, -33.87],
      ],
      [
        [151.21, -33.87],
        [151.22, -33.86],
      ],
      [
        [151.22, -33.86],
        [151.23, -33.86],
      ],
    ]);
  });

  it('reads GeoJSON: a feature collection, a feature or a bare LineString or MultiLineString', () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    };
    expect(readAlignmentFile(JSON.stringify(line))).toEqual([line.coordinates]);
    expect(readAlignmentFile(JSON.stringify({ type: 'Feature', geometry: line, properties: {} }))).toEqual([
      line.coordinates,
    ]);
    const multi = { type: 'MultiLineString', coordinates: [line.coordinates, line.coordinates] };
    expect(
      readAlignmentFile(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } },
            { type: 'Feature', geometry: multi },
          ],
        }),
      ),
    ).toHaveLength(2);
  });

  it('refuses bad and hostile files with a field error', () => {
    const cases: [string, string][] = [
      ['hello', 'Upload a KML or GeoJSON file'],
      ['{"type":', 'The file is not valid GeoJSON'],
      ['{"type":"Point","coordinates":[0,0]}', 'The file has no line (a LineString or MultiLineString)'],
      ['{"type":"LineString","coordinates":[[0,0],[0,0]]}', 'A line needs at least two different points'],
      [
        '{"type":"LineString","coordinates":[[0,0],[200,0]]}',
        'A point of the line is not a longitude and latitude in degrees',
      ],
      [
        '{"type":"LineString","coordinates":[[0,0],["a",0]]}',
        'A point of the line is not a longitude and latitude in degrees',
      ],
      ['{"type":"LineString","coordinates":"x"}', 'A line has no coordinates'],
      ['<kml><Document><Placemark></kml>', 'The file is not valid KML'],
      ['<html><body>no</body></html>', 'The file is not valid KML'],
      [
        '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><kml>&b;</kml>',
        'The KML may not declare a document type or entities',
      ],
      [
        '<?xml version="1.0"?><!DOCTYPE kml SYSTEM "file:///etc/passwd"><kml></kml>',
        'The KML may not declare a document type or entities',
      ],
    ];
    for (const [content, message] of cases) {
      expect(
        fieldError(() => readAlignmentFile(content)),
        content,
      ).toEqual({
        path: 'body.content',
        message,
        code: 'invalid',
      });
    }
  });

  it('refuses more points than it reads', () => {
    const coordinates = Array.from({ length: 50_001 }, (_, i) => [i / 100_000, 0]);
    expect(fieldError(() => readAlignmentFile(JSON.stringify({ type: 'LineString', coordinates })))?.message).toBe(
      'A line has more than 50000 points',
    );
  });
});
