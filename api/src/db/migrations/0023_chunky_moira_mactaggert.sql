CREATE TABLE `address_book_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`label` text NOT NULL,
	`label_key` text NOT NULL,
	`address` text NOT NULL,
	`default_sender` integer DEFAULT false NOT NULL,
	`search_text` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `address_book_owner_label_unique` ON `address_book_entries` (`user_id`,`label_key`);--> statement-breakpoint
CREATE TABLE `batch_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`row_count` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`price_valid_until` integer NOT NULL,
	`paid_at` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batch_charges_batch_idx` ON `batch_charges` (`batch_id`);--> statement-breakpoint
CREATE TABLE `batch_rows` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`position` integer NOT NULL,
	`line` integer,
	`input` text NOT NULL,
	`status` text NOT NULL,
	`errors` text NOT NULL,
	`choice` text,
	`charge_id` text,
	`quote_option_id` text,
	`amount` integer,
	`order_id` text,
	`failure` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`charge_id`) REFERENCES `batch_charges`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batch_rows_batch_position_unique` ON `batch_rows` (`batch_id`,`position`);--> statement-breakpoint
CREATE INDEX `batch_rows_charge_idx` ON `batch_rows` (`charge_id`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`partner_id` text,
	`name` text NOT NULL,
	`source` text NOT NULL,
	`rule` text NOT NULL,
	`preferred_courier` text,
	`fallback` text DEFAULT 'cheapest' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `batches_owner_created_idx` ON `batches` (`owner_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `saved_parcels` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`label` text NOT NULL,
	`label_key` text NOT NULL,
	`length` real NOT NULL,
	`width` real NOT NULL,
	`height` real NOT NULL,
	`weight` real NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_parcels_owner_label_unique` ON `saved_parcels` (`user_id`,`label_key`);--> statement-breakpoint
ALTER TABLE `payments` ADD `batch_charge_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_batch_charge_unique` ON `payments` (`batch_charge_id`);