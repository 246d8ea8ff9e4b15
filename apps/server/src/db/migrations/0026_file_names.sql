-- Issue 14.9: an upload keeps the name of the file the user chose (activity says which file was
-- uploaded, lists of files name them). Files uploaded before, and files the app draws itself
-- (signatures, sketches), have none.
alter table files add column file_name text;
alter table files add constraint files_file_name_length check (file_name is null or char_length(file_name) between 1 and 255);
