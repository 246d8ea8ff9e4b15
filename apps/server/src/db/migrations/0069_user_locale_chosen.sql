-- Issue 26: a person's locale is what they chose in Edit Profile, or null when they have not chosen
-- (the workspace's default locale then applies to their screens and e-mails). Until now every row
-- held en-US by default, which cannot be told from a choice: those become "not chosen".
alter table users alter column locale drop not null;
alter table users alter column locale drop default;
update users set locale = null where locale = 'en-US';
