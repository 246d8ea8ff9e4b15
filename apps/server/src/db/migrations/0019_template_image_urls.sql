-- Issue 14.15: a template's images are files uploaded to its workspace, named by the API path of
-- the file (`/api/companies/{companyId}/files/{fileId}`). Definitions stored before that rule may
-- name an outside address in an image's `url`; the shared schema now refuses it, and stored
-- definitions are read through that schema, so such a template would no longer open. The outside
-- address was never shown (the content security policy blocked it): it is dropped, the rest of
-- the image reference (its file id, if any) stays.
create function pg_temp.own_image_urls(node jsonb) returns jsonb
language plpgsql immutable as $$
declare
  result jsonb;
  item record;
begin
  if jsonb_typeof(node) = 'array' then
    select coalesce(jsonb_agg(pg_temp.own_image_urls(e) order by n), '[]'::jsonb) into result
      from jsonb_array_elements(node) with ordinality as a(e, n);
    return result;
  elsif jsonb_typeof(node) = 'object' then
    result := '{}'::jsonb;
    for item in select key, value from jsonb_each(node) loop
      result := result || jsonb_build_object(item.key, pg_temp.own_image_urls(item.value));
    end loop;
    -- An image reference (it has a file name and a content type) whose url is not its own file's.
    if result ? 'url' and result ? 'fileName' and result ? 'contentType'
       and (jsonb_typeof(result -> 'url') <> 'string'
            or result ->> 'url' !~ '^/api/companies/[0-9a-f-]{36}/files/[0-9a-f-]{36}$'
            or split_part(result ->> 'url', '/', 6) is distinct from result ->> 'fileId') then
      result := result - 'url';
    end if;
    return result;
  end if;
  return node;
end $$;

-- The migration role owns the table; row security is lifted for this one statement's transaction.
alter table template_versions no force row level security;

update template_versions
   set definition = pg_temp.own_image_urls(definition)
 where definition::text like '%"url"%'
   and definition <> pg_temp.own_image_urls(definition);

alter table template_versions force row level security;
