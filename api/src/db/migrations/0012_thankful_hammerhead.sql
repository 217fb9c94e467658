CREATE TABLE `pending_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text,
	`role` text NOT NULL,
	`code_hash` text,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`code_expires_at` integer,
	`code_sent_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_registrations_email_idx` ON `pending_registrations` (`email`);--> statement-breakpoint
-- Accounts nobody verified become pending registrations (their owner signs in to get a new code),
-- so no password chosen for an unproven address survives into a verified account.
INSERT INTO `pending_registrations` (`id`, `email`, `password_hash`, `name`, `role`, `expires_at`, `created_at`)
SELECT `id`, `email`, `password_hash`, `name`, `role`, (unixepoch() * 1000) + 86400000, `created_at`
FROM `users` WHERE `email_verified` = 0 AND `password_hash` IS NOT NULL AND `google_sub` IS NULL AND `role` IN ('customer', 'vendor');--> statement-breakpoint
DELETE FROM `users` WHERE `email_verified` = 0 AND `password_hash` IS NOT NULL AND `google_sub` IS NULL AND `role` IN ('customer', 'vendor');--> statement-breakpoint
DROP TABLE `email_codes`;