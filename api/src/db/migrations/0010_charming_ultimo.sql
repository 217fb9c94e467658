CREATE TABLE `partners` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`mode` text NOT NULL,
	`publishable_key` text NOT NULL,
	`previous_key` text,
	`previous_key_expires_at` integer,
	`allowed_origins` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`rate_limit_per_minute` integer DEFAULT 60 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partners_publishable_key_unique` ON `partners` (`publishable_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `partners_previous_key_unique` ON `partners` (`previous_key`);--> statement-breakpoint
CREATE INDEX `partners_created_idx` ON `partners` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_partner_idx` ON `orders` (`partner_id`);