CREATE TABLE `order_scores` (
	`order_id` text PRIMARY KEY NOT NULL,
	`promised_date` text,
	`delivered_day` text,
	`on_time` integer
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`courier_service_id` text NOT NULL,
	`service_name` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`author_name` text NOT NULL,
	`editable_until` integer NOT NULL,
	`reply` text,
	`replied_at` integer,
	`hidden_at` integer,
	`hidden_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_id_unique` ON `reviews` (`order_id`);--> statement-breakpoint
CREATE INDEX `reviews_vendor_created_idx` ON `reviews` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`);--> statement-breakpoint
CREATE TABLE `score_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `service_delivery_days` (
	`courier_service_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`day` text NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`on_time` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`courier_service_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `service_delivery_days_day_idx` ON `service_delivery_days` (`day`);--> statement-breakpoint
CREATE TABLE `service_ratings` (
	`courier_service_id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `vendors` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `vendors_slug_unique` ON `vendors` (`slug`);