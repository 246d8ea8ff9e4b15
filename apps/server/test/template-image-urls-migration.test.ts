import { readFileSync } from 'node:fs';
import path from 'node:path';
import { templateDefinitionSchema } from '@formwork/shared/templates/template-definition';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrationFiles } from '../src/db/migrate.ts';

/**
 * 0019_template_image_urls over definitions stored before images had to be own files: a fresh
 * PGlite migrated to 0018, template versions with an outside image address and with an own file,
 * then 0019. Foreign keys are not the point here, so the rows are written without their parents.
 */
const migrationsDir = path.resolve(import.meta.dirname, '../src/db/migrations');
const migration = '0019_template_image_urls.sql';

async function apply(database: Database, files: string[]) {
  for (const file of files) await database.execScript(readFileSync(path.join(migrationsDir, file), 'utf8'));
}

const workspaceId = crypto.randomUUID();
const outside = crypto.randomUUID();
const own = crypto.randomUUID();
const fileId = crypto.randomUUID();
const ownUrl = `/api/companies/${workspaceId}/files/${fileId}`;
const image = (url: string, withFile: boolean) => ({
  ...(withFile ? { fileId } : {}),
  url,
  fileName: 'logo.png',
  contentType: 'image/png',
  sizeBytes: 1200,
});
const definition = (url: string, withFile: boolean) => ({
  fields: [{ id: 'f-logo', type: 'logo', label: 'Logo', image: image(url, withFile) }],
  header: { items: [{ id: 'h-1', type: 'image', image: image(url, withFile) }] },
});

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' });
  const files = migrationFiles();
  await apply(
    database,
    files.filter((f) => f < migration),
  );
  await database.execScript(`
    set session_replication_role = replica;
    insert into template_versions (workspace_id, template_id, version, name, template_code, form_name, definition) values
      ('${workspaceId}', '${outside}', 1, 'Outside', 'OUT', 'Outside', '${JSON.stringify(definition('https://evil.example/logo.png', false))}'),
      ('${workspaceId}', '${own}', 1, 'Own', 'OWN', 'Own', '${JSON.stringify(definition(ownUrl, true))}');
    set session_replication_role = origin;
  `);
  await apply(database, [migration]);
});
afterAll(() => database.close());

async function definitionOf(templateId: string) {
  const result = await database.db.execute<{ definition: ReturnType<typeof definition> }>(
    sql`select definition from template_versions where template_id = ${templateId}`,
  );
  return result.rows[0]?.definition;
}

describe('0019_template_image_urls', () => {
  it('drops an outside image address from stored definitions, keeping the rest of the reference', async () => {
    const stored = await definitionOf(outside);
    expect(stored?.fields[0]?.image).toEqual({ fileName: 'logo.png', contentType: 'image/png', sizeBytes: 1200 });
    expect(stored?.header.items[0]?.image).not.toHaveProperty('url');
    expect(JSON.stringify(stored)).not.toContain('evil.example');
  });

  it("keeps an image that names its own file's address", async () => {
    const stored = await definitionOf(own);
    expect(stored?.fields[0]?.image).toEqual(image(ownUrl, true));
    expect(stored?.header.items[0]?.image).toEqual(image(ownUrl, true));
  });

  it('leaves no stored image that the shared schema refuses', async () => {
    for (const templateId of [outside, own]) {
      const images = JSON.stringify(await definitionOf(templateId));
      expect(images).not.toMatch(/"url":"https?:/);
    }
    // The image references alone parse (the rest of these minimal definitions is not the point).
    const parsed = templateDefinitionSchema.shape.fields.element.safeParse((await definitionOf(outside))?.fields[0]);
    expect(parsed.error?.issues.filter((i) => i.path.includes('url')) ?? []).toEqual([]);
  });
});
