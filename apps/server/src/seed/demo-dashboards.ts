import type { Tx } from '../db/tenant.ts';
import { writeDashboard } from '../modules/analytics/analytics.service.ts';

/**
 * Step of the demo seed (issue 20): a team dashboard in Riverside Apartments / Civil Works and a
 * company dashboard, over the demo forms of the Site Inspection Checklist (a Template Library
 * template deployed to the team); one team chart counts the site diaries and toolbox talks
 * together, by the Date both templates have.
 */
export async function seedDemoDashboards(
  tx: Tx,
  demo: { workspaceId: string; projectId: string; teamId: string; userId: string; orgControllerId: string },
): Promise<void> {
  const { workspaceId, projectId, teamId } = demo;
  const template = 'Site Inspection Checklist';
  await writeDashboard(
    tx,
    {
      workspaceId,
      folder: { kind: 'team', folderId: teamId },
      folderPath: [workspaceId, projectId, teamId],
      userId: demo.userId,
    },
    'Site inspections',
    [
      {
        title: 'Inspections by area',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'field', fieldId: 'area' },
          type: 'bar',
          filters: [],
        },
        layout: { x: 0, y: 0, w: 6, h: 4 },
      },
      {
        title: 'Inspections per week',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'period', date: 'field:when', period: 'week' },
          type: 'line',
          filters: [],
        },
        layout: { x: 6, y: 0, w: 6, h: 4 },
      },
      {
        title: 'Access and egress clear',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'field', fieldId: 'item-1' },
          type: 'donut',
          filters: [],
        },
        layout: { x: 0, y: 4, w: 6, h: 4 },
      },
      {
        title: 'Inspections by inspector and area',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'field', fieldId: 'inspector' },
          splitBy: { by: 'field', fieldId: 'area' },
          type: 'stackedBar',
          filters: [],
        },
        layout: { x: 6, y: 4, w: 6, h: 4 },
      },
      {
        // Over two templates: both have a Date field (issue 20.2).
        title: 'Diaries and toolbox talks per week',
        templates: ['Daily Site Diary', 'Toolbox Talk'],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'period', date: 'field:date', period: 'week' },
          splitBy: { by: 'template' },
          type: 'stackedBar',
          filters: [],
        },
        layout: { x: 0, y: 8, w: 12, h: 4 },
      },
    ],
  );
  await writeDashboard(
    tx,
    {
      workspaceId,
      folder: { kind: 'company', folderId: workspaceId },
      folderPath: [workspaceId],
      userId: demo.orgControllerId,
    },
    'Company overview',
    [
      {
        title: 'Inspections by team',
        templates: [template],
        definition: { measure: { aggregate: 'count' }, groupBy: { by: 'folder' }, type: 'bar', filters: [] },
        layout: { x: 0, y: 0, w: 6, h: 4 },
      },
      {
        title: 'Edge protection in place',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'field', fieldId: 'item-2' },
          type: 'pie',
          filters: [],
        },
        layout: { x: 6, y: 0, w: 6, h: 4 },
      },
      {
        title: 'Edge protection by team',
        templates: [template],
        definition: {
          measure: { aggregate: 'count' },
          groupBy: { by: 'field', fieldId: 'item-2' },
          splitBy: { by: 'folder' },
          type: 'groupedBar',
          filters: [],
        },
        layout: { x: 0, y: 4, w: 12, h: 4 },
      },
    ],
  );
}
