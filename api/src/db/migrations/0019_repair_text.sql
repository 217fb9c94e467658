-- Hand-written (issue 44): asks for the one-time repair of stored text that is not valid Unicode
-- (bytes that are not UTF-8, and lone surrogates escaped inside JSON columns), which
-- runMigrations (db/repair-text.ts) does right after the migrations, in one transaction that
-- drops this table. SQL alone cannot tell valid UTF-8 from invalid, hence the code.
CREATE TABLE `__repair_text_pending` (`asked_at` integer);
