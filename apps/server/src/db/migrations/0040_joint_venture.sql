-- Spec 5.4, issue 23.4: a joint venture workspace's domain and its parent domains (JSON read
-- through jointVentureSchema); null for a workspace that is not a joint venture.
alter table workspaces add column joint_venture jsonb;
