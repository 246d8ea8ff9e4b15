-- The public sign-up calls (e-mail and domain check, human-check challenge, Finish) are rate limited
-- by the same limiter as sign-in and password resets: their calls are attempts of their own kinds
-- (issue 17), kept in the database so every process and every restart counts the same calls.
alter table auth_attempts drop constraint auth_attempts_kind;
alter table auth_attempts add constraint auth_attempts_kind
  check (kind in ('sign-in', 'password-reset', 'signup-email-check', 'signup-challenge', 'signup-finish'));
