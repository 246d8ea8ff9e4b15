import { randomUUID } from 'node:crypto';
import type { LonLat } from '@formwork/shared/schemas/photos';
import type { TabStyle } from '@formwork/shared/schemas/tabs';
import type { Tx } from '../db/tenant.ts';
import { processPhoto } from '../files/images.ts';
import { fileStorage } from '../files/storage.ts';
import { writeAlignment } from '../modules/photos/alignment.service.ts';
import { addPhotoTags, addTag, addTagGroup, recordPhoto } from '../modules/photos/photos.service.ts';
import { type DemoScene, demoPhotoJpeg } from './demo-photos.ts';

/** The demo gallery's tags: a project group, a team group and one ungrouped team tag (issue 19). */
const tagPlan: { level: 'project' | 'team'; group: string | null; name: string; colour: TabStyle }[] = [
  { level: 'project', group: 'Progress', name: 'Concrete pour', colour: 'orange' },
  { level: 'project', group: 'Progress', name: 'Formwork', colour: 'yellow' },
  { level: 'project', group: 'Progress', name: 'Excavation', colour: 'shale' },
  { level: 'team', group: 'Safety', name: 'Scaffold', colour: 'green' },
  { level: 'team', group: 'Safety', name: 'Housekeeping', colour: 'sky' },
  { level: 'team', group: 'Safety', name: 'Hazard', colour: 'red' },
  { level: 'team', group: null, name: 'Handover', colour: 'purple' },
];

/**
 * The project's alignment: the access road's centreline, north-east across the site, which the
 * photos' GPS points (-33.815 + i × 0.0004, 151.003 + i × 0.0006) follow within 15 m either side.
 */
const demoAlignment: LonLat[][] = [
  [
    [151.0024, -33.8154],
    [151.005, -33.8135],
    [151.0073, -33.8123],
    [151.0092, -33.8107],
    [151.012, -33.809],
  ],
];

type GalleryPhoto = {
  /** Days before the seed runs, and the local time the photo was taken. */
  daysAgo: number;
  time: string;
  scene: DemoScene;
  caption: string;
  tags: string[];
  /** Uploaded by the team controller (0) or the org controller (1). */
  by?: 0 | 1;
  /** A photo without GPS (taken indoors, or with location off). */
  noLocation?: boolean;
};

const photoPlan: GalleryPhoto[] = [
  { daysAgo: 6, time: '07:05', scene: 'excavator', caption: 'Excavator EX-04 pre-start', tags: ['Excavation'] },
  { daysAgo: 6, time: '10:40', scene: 'excavator', caption: 'Bulk excavation, grid A-C', tags: ['Excavation'] },
  { daysAgo: 5, time: '09:15', scene: 'formwork', caption: 'Level 1 column formwork', tags: ['Formwork'] },
  {
    daysAgo: 5,
    time: '10:30',
    scene: 'scaffoldTag',
    caption: 'Scaffold tag, north elevation',
    tags: ['Scaffold'],
    by: 1,
  },
  { daysAgo: 4, time: '06:45', scene: 'slabPour', caption: 'Level 1 slab pour, bay 1', tags: ['Concrete pour'] },
  { daysAgo: 4, time: '11:20', scene: 'slabPour', caption: 'Level 1 slab pour, bay 2', tags: ['Concrete pour'] },
  {
    daysAgo: 4,
    time: '15:10',
    scene: 'housekeeping',
    caption: 'Housekeeping after the pour',
    tags: ['Housekeeping'],
    noLocation: true,
  },
  {
    daysAgo: 3,
    time: '08:05',
    scene: 'handrail',
    caption: 'Damaged handrail, stair 2',
    tags: ['Hazard'],
    by: 1,
    noLocation: true,
  },
  { daysAgo: 3, time: '13:40', scene: 'formwork', caption: 'Level 2 columns, east', tags: ['Formwork'] },
  { daysAgo: 2, time: '09:00', scene: 'scaffoldTag', caption: 'Scaffold inspection, level 2', tags: ['Scaffold'] },
  { daysAgo: 2, time: '14:25', scene: 'housekeeping', caption: 'Waste skip, gate 2', tags: ['Housekeeping'] },
  { daysAgo: 1, time: '07:00', scene: 'slabPour', caption: 'Level 2 slab pour', tags: ['Concrete pour'] },
  {
    daysAgo: 1,
    time: '12:30',
    scene: 'formwork',
    caption: 'Formwork stripped, level 1',
    tags: ['Formwork', 'Handover'],
  },
  { daysAgo: 1, time: '16:00', scene: 'excavator', caption: 'Backfill, services trench', tags: ['Excavation'] },
];

/** The local day `daysAgo` days before now in a zone (YYYY-MM-DD). */
function localDay(daysAgo: number, timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now.getTime() - daysAgo * 864e5),
  );
}

/**
 * Step of the demo seed after the forms: the demo team's gallery with tagged photos uploaded over
 * the six days before the seed runs (issue 19). Each photo is a drawn JPEG carrying EXIF as a phone
 * writes it (local time taken, and GPS along the site for most), put through the upload path's processing, so the
 * gallery groups them by the day they were taken and the viewer shows where.
 */
export async function seedDemoGallery(
  tx: Tx,
  demo: {
    workspaceId: string;
    projectId: string;
    teamId: string;
    uploaderIds: [string, string];
    dataDir: string;
    timeZone: string;
  },
): Promise<void> {
  const { workspaceId, teamId } = demo;
  const storage = fileStorage({ dataDir: demo.dataDir });
  const now = new Date();
  // Drawn and processed all at once (processPhoto queues the decodes per core).
  const processed = photoPlan.map((photo, i) => {
    const day = localDay(photo.daysAgo, demo.timeZone, now);
    const location = photo.noLocation ? undefined : { latitude: -33.815 + i * 0.0004, longitude: 151.003 + i * 0.0006 };
    const result = demoPhotoJpeg(
      { scene: photo.scene, caption: photo.caption, takenAt: `${day} ${photo.time}` },
      { wallClock: `${day.replaceAll('-', ':')} ${photo.time}:00`, location },
    ).then((jpeg) => processPhoto(jpeg, { timeZone: demo.timeZone }));
    result.catch(() => {}); // a failure surfaces where the photo is awaited
    return { photo, day, result };
  });

  await writeAlignment(tx, {
    workspaceId,
    projectPath: [workspaceId, demo.projectId],
    userId: demo.uploaderIds[1],
    fileName: 'access-road-centreline.kml',
    lines: demoAlignment,
  });

  const groups = new Map<string, string>();
  const tagIds = new Map<string, string>();
  for (const plan of tagPlan) {
    const folderId = plan.level === 'project' ? demo.projectId : teamId;
    const where = { workspaceId, folderId };
    let groupId: string | null = null;
    if (plan.group) {
      const key = `${plan.level}:${plan.group}`;
      groupId = groups.get(key) ?? (await addTagGroup(tx, where, plan.group)).id;
      groups.set(key, groupId);
    }
    const tag = await addTag(tx, where, { name: plan.name, colour: plan.colour, groupId });
    tagIds.set(plan.name, tag.id);
  }

  for (const { photo, day, result } of processed) {
    const photoId = randomUUID();
    await recordPhoto(tx, storage, await result, {
      workspaceId,
      teamId,
      userId: demo.uploaderIds[photo.by ?? 0],
      photoId,
      fileName: `IMG_${day.replaceAll('-', '')}_${photo.time.replace(':', '')}.jpg`,
    });
    await addPhotoTags(
      tx,
      workspaceId,
      [photoId],
      photo.tags.map((name) => tagIds.get(name) as string),
    );
  }
}
