import type { Tx } from '../db/tenant.ts';
import { writeListDeployments } from '../modules/lists/list-deployments.service.ts';
import { propertyIdsByName } from '../modules/lists/list-fields.service.ts';
import { writeListFromCsv } from '../modules/lists/lists.service.ts';

/** Issue 18.6: the plant the company runs, with its ID, type, next service (date with expiry) and colour. */
const plantCsv = [
  'Plant,Colour,Plant ID [Text],Type [Text],Next service [Date with expiry],Hours [Number]',
  'Excavator 20t,#f59f00,EX-020,Earthmoving,2027-02-14,1240',
  'Excavator 5t,#f59f00,EX-005,Earthmoving,2026-12-03,860',
  'Tower crane,#e03131,TC-001,Lifting,2027-05-30,3100',
  'Mobile crane 60t,#e03131,MC-060,Lifting,2026-11-30,2210',
  'Smooth drum roller,#1971c2,RL-012,Compaction,2027-01-20,540',
  'Tipper truck 10t,#2f9e44,TT-010,Haulage,2027-03-08,4020',
  'Concrete pump,#7048e8,CP-036,Concrete,2027-04-11,980',
  'Telehandler,#0c8599,TH-004,Lifting,2026-12-19,1510',
].join('\n');

const subcontractorsCsv = [
  'Subcontractor,Trade [Text],Contact [Text]',
  'Harbour Electrical,Electrical,02 9000 1001',
  'Bluegum Plumbing,Plumbing,02 9000 1002',
  'Sandstone Formwork,Formwork,02 9000 1003',
  'Coastal Scaffolding,Scaffolding,02 9000 1004',
  'Ironbark Steel Fixing,Reinforcement,02 9000 1005',
].join('\n');

/** A demo list's id and its property ids by name (templates whose fields read it name them). */
export type DemoList = { listId: string; properties: Record<string, string> };

/**
 * The List Library's demo lists, made by the lists service as an import makes them; Subcontractors
 * is deployed populated to one project and empty to another (issue 18.6).
 */
export async function seedDemoLists(
  tx: Tx,
  demo: { workspaceId: string; actorUserId: string; populatedProjectId: string; emptyProjectId: string },
): Promise<{ plant: DemoList; subcontractors: DemoList }> {
  const common = {
    workspaceId: demo.workspaceId,
    folderPath: [demo.workspaceId],
    actorUserId: demo.actorUserId,
    plan: 'premium' as const,
  };
  const plant = await writeListFromCsv(tx, { ...common, name: 'Plant', csv: plantCsv });
  const subcontractors = await writeListFromCsv(tx, { ...common, name: 'Subcontractors', csv: subcontractorsCsv });
  const actor = { workspaceId: demo.workspaceId, userId: demo.actorUserId };
  const subs = { id: subcontractors, name: 'Subcontractors' };
  await writeListDeployments(tx, actor, subs, [demo.populatedProjectId], 'populated');
  await writeListDeployments(tx, actor, subs, [demo.emptyProjectId], 'empty');
  const withProperties = async (listId: string) => ({
    listId,
    properties: await propertyIdsByName(tx, demo.workspaceId, listId),
  });
  return { plant: await withProperties(plant), subcontractors: await withProperties(subcontractors) };
}
