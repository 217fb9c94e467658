CREATE TABLE `order_events` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_role` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`note` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`courier_service_id` text NOT NULL,
	`quote_option_id` text,
	`job_id` text,
	`partner_id` text,
	`status` text DEFAULT 'awaiting_payment' NOT NULL,
	`service_type` text NOT NULL,
	`service_name` text NOT NULL,
	`vendor_name` text NOT NULL,
	`collection_address` text NOT NULL,
	`delivery_address` text NOT NULL,
	`collection_date` text NOT NULL,
	`contents` text NOT NULL,
	`content_value` integer NOT NULL,
	`cover_amount` integer DEFAULT 0 NOT NULL,
	`cover_fee` integer DEFAULT 0 NOT NULL,
	`customs` text,
	`items` text,
	`notes` text,
	`parcels` text NOT NULL,
	`chargeable_weight_kg` real NOT NULL,
	`estimated_delivery` text,
	`currency` text NOT NULL,
	`net` integer NOT NULL,
	`vat` integer NOT NULL,
	`total` integer NOT NULL,
	`tracking_number` text,
	`label_url` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_tracking_number_unique` ON `orders` (`tracking_number`);--> statement-breakpoint
CREATE INDEX `orders_customer_created_idx` ON `orders` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_vendor_created_idx` ON `orders` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_job_unique` ON `orders` (`job_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text,
	`job_id` text,
	`provider` text NOT NULL,
	`provider_order_id` text NOT NULL,
	`approve_url` text,
	`capture_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`request_id` text NOT NULL,
	`capture_started_at` integer,
	`captured_at` integer,
	`refund_id` text,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`refunded_at` integer,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_order_id_unique` ON `payments` (`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_capture_id_unique` ON `payments` (`capture_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_order_unique` ON `payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_job_unique` ON `payments` (`job_id`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`resource_id` text,
	`outcome` text,
	`received_at` integer NOT NULL,
	`processed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_provider_event_unique` ON `webhook_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`response_type` text,
	`response_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);