ALTER TABLE `order_events` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `order_events` ADD `expected_delivery` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `revised_delivery` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `recipient_mail_stopped_at` integer;--> statement-breakpoint
-- Every earlier order gets its public tracking code (features/orders/tracking-code.ts: 12 characters of
-- this 32-letter alphabet). SQLite's random() draws from its ChaCha20 generator seeded by the OS.
UPDATE `orders` SET `tracking_code` = substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) || substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (random() & 31) + 1, 1) WHERE `tracking_code` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_tracking_code_unique` ON `orders` (`tracking_code`);