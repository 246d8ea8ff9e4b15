-- Issue 18.5: the trigram index of 0033_list_item_search never served the application. Under
-- forced row-level security the planner only takes an index condition whose operator is leakproof
-- (it may run before the tenant policy: 0013_forms_values_unindexed.sql), and LIKE is not, so a
-- contains search walks the list's order index whatever index exists. The typeahead reads its page
-- and counts its matches (up to 1,000) in that one walk instead (lists.queries.ts itemsPage), and
-- imports stop paying for the index.
drop index if exists list_items_label_trgm_idx;
drop extension if exists pg_trgm;
