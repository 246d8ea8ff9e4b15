-- Issue 18.5: a list field's typeahead finds the items whose label contains what was typed. A
-- contains search (`label_key like '%cr%'`) cannot use the btree index on label_key, so each search
-- read the whole list (50,000 items: ~20 ms on PostgreSQL to count the matches, and as much again
-- to find the first 20 of a rare label). A trigram index finds them; the btree one (only good for
-- prefixes, which nothing asks) goes, so an import writes one index more and one fewer.
create extension if not exists pg_trgm;
create index list_items_label_trgm_idx on list_items using gin (label_key gin_trgm_ops);
drop index list_items_label_idx;
