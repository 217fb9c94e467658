CREATE TABLE `vendor_order_versions` (
	`vendor_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `orders_vendor_created_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `vendor_notes` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_vendor_status_created_idx` ON `orders` (`vendor_id`,`status`,`created_at`,`id`,`paid_at`,`search_text`);--> statement-breakpoint
CREATE INDEX `orders_vendor_stats_idx` ON `orders` (`vendor_id`,`status`,`currency`,`paid_at`,`total`);--> statement-breakpoint
CREATE INDEX `orders_vendor_created_idx` ON `orders` (`vendor_id`,`created_at`,`id`,`paid_at`,`search_text`);--> statement-breakpoint
-- Hand-written data migration (vendor dashboard search): fill the new search_text of existing
-- orders exactly as insertOrder's orderSearchText does for new ones: the reference's 8
-- characters, the delivery name and the service name, one per line, lower-cased (SQLite's lower()
-- folds ASCII only: names with other capitals written before this migration match in lower case).
UPDATE `orders` SET `search_text` = lower(substr(`id`, -8) || char(10) || coalesce(json_extract(`delivery_address`, '$.name'), '') || char(10) || `service_name`);
