import sharp from 'sharp';

/** What a demo photo shows; each is drawn, not downloaded (the seed runs offline). */
export type DemoScene = 'slabPour' | 'formwork' | 'scaffoldTag' | 'housekeeping' | 'handrail' | 'excavator';

/** A photo of a demo form: the scene, the caption on it and the camera's time stamp. */
export type DemoPhoto = { scene: DemoScene; caption: string; takenAt: string };

/** What a phone's camera writes into the file: the local wall time it was taken (YYYY:MM:DD HH:MM:SS) and where. */
export type DemoCamera = { wallClock: string; location?: { latitude: number; longitude: number } };

/** Degrees as EXIF's degrees, minutes and seconds (rationals). */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const centiseconds = Math.round(((abs - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${centiseconds}/100`;
}

function cameraExif(camera: DemoCamera) {
  const { location } = camera;
  return {
    IFD0: { Make: 'Formwork demo', Model: 'Site camera' },
    IFD2: { DateTimeOriginal: camera.wallClock },
    ...(location
      ? {
          IFD3: {
            GPSLatitudeRef: location.latitude < 0 ? 'S' : 'N',
            GPSLatitude: exifDegrees(location.latitude),
            GPSLongitudeRef: location.longitude < 0 ? 'W' : 'E',
            GPSLongitude: exifDegrees(location.longitude),
          },
        }
      : {}),
  };
}

const width = 640;
const height = 480;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A worker in hi-vis and a hard hat, standing at x (feet at y), s times the usual size. */
function worker(x: number, y: number, s = 1, vest = '#f5d90a') {
  const h = (n: number) => n * s;
  return `<g>
    <rect x="${x - h(7)}" y="${y - h(26)}" width="${h(5)}" height="${h(26)}" fill="#2f3a4a"/>
    <rect x="${x + h(2)}" y="${y - h(26)}" width="${h(5)}" height="${h(26)}" fill="#2f3a4a"/>
    <rect x="${x - h(9)}" y="${y - h(52)}" width="${h(18)}" height="${h(28)}" rx="${h(3)}" fill="${vest}"/>
    <rect x="${x - h(9)}" y="${y - h(40)}" width="${h(18)}" height="${h(3)}" fill="#d9dde3"/>
    <circle cx="${x}" cy="${y - h(59)}" r="${h(6)}" fill="#c99772"/>
    <path d="M${x - h(8)} ${y - h(61)} a${h(8)} ${h(7)} 0 0 1 ${h(16)} 0 z" fill="#ffffff"/>
  </g>`;
}

const sky = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6f9fd8"/><stop offset="1" stop-color="#dce9f5"/></linearGradient>`;

function scene(kind: DemoScene): string {
  switch (kind) {
    case 'slabPour':
      return `<defs>${sky}<linearGradient id="wet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#8d8f91"/><stop offset="1" stop-color="#5e6164"/></linearGradient></defs>
        <rect width="${width}" height="${height}" fill="url(#sky)"/>
        <rect x="0" y="180" width="${width}" height="40" fill="#b9b4aa"/>
        ${[40, 150, 260, 370, 480, 590].map((x) => `<rect x="${x}" y="120" width="14" height="70" fill="#9a9a96"/>`).join('')}
        <polygon points="0,230 640,215 640,480 0,480" fill="url(#wet)"/>
        ${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 50}" y1="232" x2="${i * 50 - 60}" y2="480" stroke="#3d3f41" stroke-width="2" opacity="0.5"/>`).join('')}
        ${Array.from({ length: 6 }, (_, i) => `<line x1="0" y1="${260 + i * 38}" x2="640" y2="${250 + i * 40}" stroke="#3d3f41" stroke-width="2" opacity="0.45"/>`).join('')}
        <polyline points="640,40 470,90 360,160 330,260" fill="none" stroke="#e8772e" stroke-width="16" stroke-linejoin="round"/>
        <line x1="330" y1="260" x2="328" y2="330" stroke="#222" stroke-width="10"/>
        <ellipse cx="320" cy="345" rx="70" ry="18" fill="#a3a5a6"/>
        ${worker(230, 380, 1.3)}${worker(420, 360, 1.2, '#ff8c1a')}${worker(520, 420, 1.5)}`;
    case 'formwork':
      return `<defs>${sky}</defs>
        <rect width="${width}" height="${height}" fill="url(#sky)"/>
        <rect x="0" y="300" width="${width}" height="180" fill="#a29c92"/>
        ${[70, 230, 390, 550]
          .map(
            (x) => `<rect x="${x}" y="70" width="46" height="240" fill="#c98a3c"/>
              <rect x="${x + 6}" y="70" width="4" height="240" fill="#a96f2a"/>
              <line x1="${x - 30}" y1="300" x2="${x}" y2="150" stroke="#5d6b78" stroke-width="6"/>
              ${[110, 170, 230, 290].map((y) => `<rect x="${x - 4}" y="${y}" width="54" height="8" fill="#33363a"/>`).join('')}`,
          )
          .join('')}
        ${Array.from({ length: 10 }, (_, i) => `<line x1="${20 + i * 64}" y1="330" x2="${10 + i * 64}" y2="480" stroke="#5b4636" stroke-width="3"/>`).join('')}
        ${worker(170, 400, 1.4)}${worker(470, 380, 1.2, '#ff8c1a')}`;
    case 'scaffoldTag':
      return `<defs>${sky}</defs>
        <rect width="${width}" height="${height}" fill="url(#sky)"/>
        <rect x="60" y="20" width="520" height="460" fill="#c8c1b5"/>
        ${[90, 200, 310, 420, 530].map((y) => `<rect x="100" y="${y - 50}" width="70" height="40" fill="#47607a"/><rect x="260" y="${y - 50}" width="70" height="40" fill="#47607a"/><rect x="420" y="${y - 50}" width="70" height="40" fill="#47607a"/>`).join('')}
        ${[40, 180, 320, 460, 600].map((x) => `<rect x="${x}" y="0" width="9" height="480" fill="#8b949c"/>`).join('')}
        ${[100, 210, 320, 430].map((y) => `<rect x="30" y="${y}" width="590" height="9" fill="#8b949c"/><rect x="30" y="${y + 9}" width="590" height="10" fill="#b07a3a"/>`).join('')}
        <line x1="40" y1="100" x2="180" y2="210" stroke="#8b949c" stroke-width="6"/>
        <line x1="460" y1="210" x2="600" y2="320" stroke="#8b949c" stroke-width="6"/>
        <g transform="translate(250 150) rotate(-4)">
          <rect x="0" y="0" width="150" height="210" rx="8" fill="#2e9e44" stroke="#1d6b2c" stroke-width="3"/>
          <circle cx="75" cy="18" r="8" fill="#c8c1b5"/>
          <rect x="12" y="38" width="126" height="40" fill="#ffffff"/>
          <text x="75" y="66" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="24" font-weight="bold" fill="#1d6b2c" text-anchor="middle">SAFE</text>
          <text x="75" y="104" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="14" fill="#ffffff" text-anchor="middle">SCAFFOLD TAG</text>
          ${[128, 150, 172, 194].map((y) => `<line x1="16" y1="${y}" x2="134" y2="${y}" stroke="#ffffff" stroke-width="1.5"/>`).join('')}
          <path d="M22 146 l8 -10 l6 6 l12 -14" stroke="#1a237e" stroke-width="2" fill="none"/>
        </g>`;
    case 'housekeeping':
      return `<rect width="${width}" height="${height}" fill="#bfb9ae"/>
        <polygon points="0,260 640,260 640,480 0,480" fill="#8f8a82"/>
        <rect x="0" y="60" width="640" height="16" fill="#6c6c6c"/>
        ${[120, 320, 520].map((x) => `<rect x="${x}" y="76" width="38" height="190" fill="#a6a29a"/><ellipse cx="${x + 19}" cy="70" rx="50" ry="10" fill="#f2f2f0" opacity="0.7"/>`).join('')}
        <rect x="40" y="300" width="120" height="60" fill="#3a6ea5"/><rect x="48" y="290" width="104" height="12" fill="#2c557f"/>
        <g fill="none" stroke="#e03131" stroke-width="7">${[0, 1, 2].map((i) => `<line x1="${200 + i * 70}" y1="330" x2="${240 + i * 70}" y2="330"/>`).join('')}</g>
        ${Array.from({ length: 9 }, (_, i) => `<rect x="${230 + (i % 3) * 20}" y="${380 + Math.floor(i / 3) * 12}" width="140" height="8" fill="#b58a52" transform="rotate(${-6 + i * 2} ${300} ${400})"/>`).join('')}
        <rect x="470" y="320" width="110" height="90" fill="#f2c12e"/><text x="525" y="372" font-family="DejaVu Sans, sans-serif" font-size="16" font-weight="bold" fill="#222" text-anchor="middle">WASTE</text>
        ${worker(430, 420, 1.3)}`;
    case 'handrail':
      return `<rect width="${width}" height="${height}" fill="#c9c4ba"/>
        ${Array.from({ length: 8 }, (_, i) => `<polygon points="${i * 80},${480 - i * 55} ${i * 80 + 80},${480 - i * 55} ${i * 80 + 80},${480 - (i + 1) * 55} ${i * 80 + 100},${480 - (i + 1) * 55} ${i * 80 + 100},480 ${i * 80},480" fill="${i % 2 ? '#9c978e' : '#a9a39a'}"/>`).join('')}
        <polyline points="20,330 200,200 300,150 330,190 420,95 620,0" fill="none" stroke="#d9a400" stroke-width="12" stroke-linejoin="round"/>
        ${[60, 140, 230, 360, 480].map((x, i) => `<line x1="${x}" y1="${310 - i * 60}" x2="${x + (i === 2 ? 30 : 0)}" y2="${420 - i * 62}" stroke="#d9a400" stroke-width="8"/>`).join('')}
        <g>${Array.from({ length: 12 }, (_, i) => `<rect x="${240 + i * 20}" y="260" width="20" height="14" fill="${i % 2 ? '#111' : '#f2d21b'}" transform="rotate(-18 360 270)"/>`).join('')}</g>
        <circle cx="320" cy="175" r="46" fill="none" stroke="#e03131" stroke-width="6"/>`;
    case 'excavator':
      return `<defs>${sky}</defs>
        <rect width="${width}" height="${height}" fill="url(#sky)"/>
        <polygon points="0,300 640,280 640,480 0,480" fill="#8a6a48"/>
        <polygon points="420,300 640,290 640,360 470,350" fill="#6e5236"/>
        <rect x="130" y="330" width="260" height="50" rx="25" fill="#2b2b2b"/>
        ${[160, 205, 250, 295, 340].map((x) => `<circle cx="${x}" cy="355" r="15" fill="#5a5a5a"/>`).join('')}
        <rect x="170" y="290" width="190" height="44" fill="#e0a800"/>
        <rect x="190" y="200" width="100" height="95" fill="#f2b705"/>
        <rect x="204" y="214" width="72" height="56" fill="#9fc3d9" stroke="#333" stroke-width="4"/>
        <rect x="290" y="250" width="70" height="45" fill="#f2b705"/>
        <polyline points="340,255 450,150 540,260" fill="none" stroke="#e0a800" stroke-width="22" stroke-linejoin="round"/>
        <path d="M525 250 l40 20 l-10 40 l-45 -10 z" fill="#3a3a3a"/>
        <text x="230" y="318" font-family="DejaVu Sans, sans-serif" font-size="18" font-weight="bold" fill="#222">EX-04</text>
        ${worker(90, 420, 1.4)}`;
  }
}

/**
 * A small JPEG that reads like a site photo: a drawn scene, the camera's date stamp and a caption
 * bar, with a little grain. What the photo field stores is this after the upload path's re-encoding.
 * With a camera, the file carries EXIF as a phone writes it (time taken, GPS), which the upload
 * path reads before it strips the metadata.
 */
export async function demoPhotoJpeg(photo: DemoPhoto, camera?: DemoCamera): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${scene(photo.scene)}
    <g font-family="DejaVu Sans Mono, monospace" font-size="16" font-weight="bold" text-anchor="end">
      <text x="${width - 13}" y="29" fill="#000" opacity="0.6">${escapeXml(photo.takenAt)}</text>
      <text x="${width - 14}" y="28" fill="#ffc233">${escapeXml(photo.takenAt)}</text>
    </g>
    <rect x="0" y="${height - 46}" width="${width}" height="46" fill="#000" opacity="0.55"/>
    <text x="16" y="${height - 16}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="22"
      fill="#fff">${escapeXml(photo.caption)}</text>
  </svg>`;
  // Grain from a fixed pseudo-random sequence: the same photo every time.
  let state = 0x2545f491;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    noise[i] = 118 + (state >>> 27);
  }
  const grain = await sharp(noise, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const image = sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .blur(0.6)
    .jpeg({ quality: 85 });
  return (camera ? image.withExif(cameraExif(camera)) : image).toBuffer();
}
