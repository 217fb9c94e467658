CREATE TABLE `courier_record_days` (
	`vendor_id` text NOT NULL,
	`day` text NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`adjustments` integer DEFAULT 0 NOT NULL,
	`claims` integer DEFAULT 0 NOT NULL,
	`claims_decided` integer DEFAULT 0 NOT NULL,
	`claims_accepted` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`vendor_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `courier_record_days_day_idx` ON `courier_record_days` (`day`);