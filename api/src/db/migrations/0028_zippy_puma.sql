CREATE TABLE `order_returns` (
	`id` text PRIMARY KEY NOT NULL,
	`original_order_id` text NOT NULL,
	`return_order_id` text NOT NULL,
	`reason` text NOT NULL,
	`payer` text NOT NULL,
	`partner_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`original_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`return_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_returns_return_unique` ON `order_returns` (`return_order_id`);--> statement-breakpoint
CREATE INDEX `order_returns_original_idx` ON `order_returns` (`original_order_id`);--> statement-breakpoint
CREATE INDEX `order_returns_partner_idx` ON `order_returns` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `return_policies` (
	`partner_id` text PRIMARY KEY NOT NULL,
	`window_days` integer NOT NULL,
	`reasons` text NOT NULL,
	`payer` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `order_events` ADD `return_link` text;--> statement-breakpoint
ALTER TABLE `order_events` ADD `linked_order_id` text;