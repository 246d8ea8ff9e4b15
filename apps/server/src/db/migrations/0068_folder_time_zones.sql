-- A project or team folder's own time zone (issue 23.1): null inherits its project's, then the
-- workspace's. Dates shown in the folder use the zone it ends up with.
alter table folders add column time_zone text;
alter table folders add constraint folders_time_zone_length
  check (time_zone is null or char_length(time_zone) between 1 and 64);
