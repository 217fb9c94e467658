ALTER TABLE `pending_registrations` ADD `handle_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pending_registrations_handle_unique` ON `pending_registrations` (`handle_hash`);