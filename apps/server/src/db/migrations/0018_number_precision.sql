-- Issue 14.2: a Number field's `decimals` is a precision the template sets (more decimals are
-- refused, never rounded); unset, numbers keep what was typed. Until now it defaulted to 0 in the
-- shared schema and in the editor, which could not leave it empty, so every stored 0 is that
-- default rather than a choice, and the server never enforced it (only the web input cut 9.2 to 9).
-- Dropping `decimals: 0` from number fields keeps what the server accepted; precisions of 1 or
-- more were chosen and stay. Formula fields keep theirs (a display precision).
-- The migration role owns the table; row security is lifted for this one statement's transaction.
alter table template_versions no force row level security;

update template_versions v
   set definition = jsonb_set(
         v.definition,
         '{fields}',
         (select jsonb_agg(
                   case when f ->> 'type' = 'number' and f -> 'decimals' = '0'::jsonb then f - 'decimals' else f end
                   order by n)
            from jsonb_array_elements(v.definition -> 'fields') with ordinality as e(f, n)))
 where jsonb_typeof(v.definition -> 'fields') = 'array'
   and exists (select 1 from jsonb_array_elements(v.definition -> 'fields') f
                where f ->> 'type' = 'number' and f -> 'decimals' = '0'::jsonb);

alter table template_versions force row level security;
