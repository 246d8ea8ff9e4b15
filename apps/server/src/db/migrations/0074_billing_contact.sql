-- Issue 23 (spec 2.6 Global Billing): the account's billing contact, the person invoices and
-- billing questions go to. Both null until an org controller sets them; set together.
alter table accounts add column billing_contact_name text
  check (billing_contact_name is null or char_length(billing_contact_name) between 1 and 100);
alter table accounts add column billing_contact_email text
  check (billing_contact_email is null or char_length(billing_contact_email) between 3 and 254);
alter table accounts add constraint accounts_billing_contact_both
  check ((billing_contact_name is null) = (billing_contact_email is null));
