-- Issue 20 leftovers.
-- 1. A chart reads the forms of one or more templates: its definition names them in `templateIds`
--    (the first template's field ids name the fields the templates share). Stored definitions
--    named one `templateId`.
update charts
   set definition = (definition - 'templateId') || jsonb_build_object('templateIds', jsonb_build_array(definition -> 'templateId'))
 where definition ? 'templateId';

-- 2. Headers a mail is sent with besides the usual ones (a snapshot's List-Unsubscribe and
--    List-Unsubscribe-Post, RFC 2369 and 8058): { "Name": "value" }.
alter table mail_outbox add column headers jsonb;

-- 3. The hour, in the workspace's time zone, a subscriber's snapshot e-mail is sent at.
alter table dashboard_subscriptions add column send_hour smallint not null default 7
  check (send_hour between 0 and 23);
