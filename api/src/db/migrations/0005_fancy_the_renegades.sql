CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`status` text DEFAULT 'awaiting_payment' NOT NULL,
	`service_type` text NOT NULL,
	`route` text NOT NULL,
	`collection_address` text NOT NULL,
	`delivery_address` text NOT NULL,
	`collection_date` text NOT NULL,
	`contents` text NOT NULL,
	`content_value` integer NOT NULL,
	`customs` text,
	`items` text,
	`notes` text,
	`asking_price` integer NOT NULL,
	`currency` text NOT NULL,
	`paid_at` integer,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_vendor_id` text,
	`accepted_service_id` text,
	`order_id` text,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`accepted_vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_customer_created_idx` ON `jobs` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_status_expires_idx` ON `jobs` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_order_unique` ON `jobs` (`order_id`);