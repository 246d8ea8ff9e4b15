-- The GIN index on forms.field_values never served the application: under row-level security the
-- planner only uses an index condition whose operator is leakproof (it may run before the tenant
-- policy), and jsonb's @> is not. Every form save still paid to maintain it. Register filters on
-- field values are evaluated on the rows the team's register index yields.
drop index forms_values_idx;
