CREATE TABLE `dropoff_point_services` (
	`point_id` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`point_id`, `service_id`),
	FOREIGN KEY (`point_id`) REFERENCES `dropoff_points`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `courier_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dropoff_point_services_service_idx` ON `dropoff_point_services` (`service_id`,`point_id`);--> statement-breakpoint
CREATE TABLE `dropoff_points` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text,
	`town` text NOT NULL,
	`postcode` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`hours` text NOT NULL,
	`closed_dates` text NOT NULL,
	`max_weight_kg` real NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`suspended_reason` text,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dropoff_points_vendor_code_unique` ON `dropoff_points` (`vendor_id`,`code`);--> statement-breakpoint
CREATE INDEX `dropoff_points_status_idx` ON `dropoff_points` (`status`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `drop_off_point_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `printerless` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_dropoff_point_idx` ON `orders` (`drop_off_point_id`,`collection_date`) WHERE drop_off_point_id is not null;--> statement-breakpoint
ALTER TABLE `courier_services` ADD `handover` text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE `courier_services` ADD `label_mode` text DEFAULT 'printed' NOT NULL;