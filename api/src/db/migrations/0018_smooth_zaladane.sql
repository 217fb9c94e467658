CREATE TABLE `table_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `audit_log_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `orders_customer_created_idx`;--> statement-breakpoint
DROP INDEX `orders_status_idx`;--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`id`,`search_text`,`vendor_name`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_total_idx` ON `orders` (`total`,`id`);--> statement-breakpoint
CREATE INDEX `orders_collection_date_idx` ON `orders` (`collection_date`,`id`);--> statement-breakpoint
CREATE INDEX `orders_customer_created_idx` ON `orders` (`customer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
-- The change counters of the tables admin lists count (table_versions, lib/ra-list.ts): bumped by
-- triggers, so every writer (any API process, a tool, a migration) bumps them in its own transaction.
INSERT INTO `table_versions` (`name`, `version`) VALUES ('orders', 0), ('users', 0), ('vendors', 0), ('jobs', 0), ('audit_log', 0);--> statement-breakpoint
CREATE TRIGGER `orders_version_insert` AFTER INSERT ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;--> statement-breakpoint
CREATE TRIGGER `orders_version_update` AFTER UPDATE ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;--> statement-breakpoint
CREATE TRIGGER `orders_version_delete` AFTER DELETE ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;--> statement-breakpoint
CREATE TRIGGER `users_version_insert` AFTER INSERT ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;--> statement-breakpoint
CREATE TRIGGER `users_version_update` AFTER UPDATE ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;--> statement-breakpoint
CREATE TRIGGER `users_version_delete` AFTER DELETE ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;--> statement-breakpoint
CREATE TRIGGER `vendors_version_insert` AFTER INSERT ON `vendors` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'vendors'; END;--> statement-breakpoint
CREATE TRIGGER `vendors_version_update` AFTER UPDATE ON `vendors` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'vendors'; END;--> statement-breakpoint
CREATE TRIGGER `vendors_version_delete` AFTER DELETE ON `vendors` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'vendors'; END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_insert` AFTER INSERT ON `jobs` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'jobs'; END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_update` AFTER UPDATE ON `jobs` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'jobs'; END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_delete` AFTER DELETE ON `jobs` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'jobs'; END;--> statement-breakpoint
CREATE TRIGGER `audit_log_version_insert` AFTER INSERT ON `audit_log` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'audit_log'; END;--> statement-breakpoint
CREATE TRIGGER `audit_log_version_update` AFTER UPDATE ON `audit_log` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'audit_log'; END;--> statement-breakpoint
CREATE TRIGGER `audit_log_version_delete` AFTER DELETE ON `audit_log` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'audit_log'; END;
