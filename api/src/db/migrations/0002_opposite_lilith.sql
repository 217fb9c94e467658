CREATE TABLE `quote_options` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`position` integer NOT NULL,
	`courier_service_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`service_type` text NOT NULL,
	`currency` text NOT NULL,
	`net` integer NOT NULL,
	`vat` integer NOT NULL,
	`total` integer NOT NULL,
	`chargeable_weight_kg` real NOT NULL,
	`estimated_delivery` text NOT NULL,
	`snapshot` text NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quote_options_quote_idx` ON `quote_options` (`quote_id`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`request` text NOT NULL,
	`service_type` text NOT NULL,
	`user_id` text,
	`partner_id` text,
	`option_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quotes_created_idx` ON `quotes` (`created_at`);--> statement-breakpoint
CREATE INDEX `quotes_partner_idx` ON `quotes` (`partner_id`);