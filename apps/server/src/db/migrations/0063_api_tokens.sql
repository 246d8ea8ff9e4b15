-- Personal API tokens (issue 24.2). A token belongs to its person, not to a workspace: it reaches
-- whatever its owner may reach, and is looked up by the hash of its secret before any workspace is
-- known, so the table is global (like password_reset_tokens). Only the SHA-256 of the secret is
-- kept; a revoked token keeps its row (revoked_at) so its history stays readable.
create table api_tokens (
  token_id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (user_id) on delete cascade,
  token_hash text not null unique,
  hint text not null,
  name text not null,
  access text not null check (access in ('read', 'readWrite')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_tokens_user_idx on api_tokens (user_id, created_at) where revoked_at is null;
grant select, insert, update, delete on api_tokens to formwork_app;
