-- Sign-up with single sign-on (spec 2.8, 4.5; issue 17.1): a person whose e-mail domain signs in at a
-- workspace's provider signs up without a password. Their sign-up keeps none, and is finished by the
-- callback of their company's sign-in once it has proven the address.
alter table signups alter column password_hash drop not null;
alter table signups add column is_sso boolean not null default false;
