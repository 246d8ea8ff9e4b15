-- Issue 23.1: the workspace settings' General (locale, logo), Branding (PDF logo) and Documents &
-- Formatting tabs. Logos are files of the workspace (files table, purpose 'logo'); the document
-- settings are one JSON object read through documentSettingsSchema (missing keys take defaults).
alter table workspaces add column locale text not null default 'en-US';
alter table workspaces add column logo_file_id uuid;
alter table workspaces add column pdf_logo_file_id uuid;
alter table workspaces add column document_settings jsonb not null default '{}'::jsonb;
alter table workspaces add constraint workspaces_locale_length check (char_length(locale) between 2 and 16);
alter table workspaces add constraint workspaces_brand_colour_format
  check (brand_colour is null or brand_colour ~ '^#[0-9a-f]{6}$');
