-- Issue 14.5: a workspace's IANA time zone, in which PDFs and exports show times. Workspaces
-- made before keep UTC (what their PDFs and exports showed until now) until an org controller
-- changes it; new workspaces take their creator's zone (sent by the web app), the demo Sydney's.
alter table workspaces add column time_zone text not null default 'UTC';
alter table workspaces add constraint workspaces_time_zone_length check (char_length(time_zone) between 1 and 64);
